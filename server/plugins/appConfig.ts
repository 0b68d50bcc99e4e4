import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration this server was built with. */
    config: Config;
  }
}

export function registerConfig(app: FastifyInstance, config: Config): void {
  app.decorate('config', config);
}
