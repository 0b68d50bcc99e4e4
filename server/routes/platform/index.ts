import type { FastifyInstance } from 'fastify';

// Platform-content routes (registrations, pricing plans, info pages, messages, help sections).
export async function registerPlatformRoutes(_app: FastifyInstance): Promise<void> {}
