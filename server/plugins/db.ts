import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metadata store (SQLite or PostgreSQL). */
    db: Kysely<Database>;
  }
}

export function registerDb(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
}
