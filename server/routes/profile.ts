import type { FastifyInstance } from 'fastify';

// Company profiles (DESIGN §4-5): the resolved site's brand, its logo, and their CRUD.
export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
