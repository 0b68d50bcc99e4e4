import type { FastifyInstance } from 'fastify';
import { PRODUCTION_SCRYPT, type Config } from '../../config';

/** What the platform routes need of the server configuration. */
type PlatformSettings = Pick<Config, 'baseDomain' | 'scrypt' | 'port'>;

/** The configuration the server was built with (`app.config`), else the production defaults. */
export function platformSettings(app: FastifyInstance): PlatformSettings {
  const config = (app as FastifyInstance & { config?: Config }).config;
  return {
    baseDomain: config?.baseDomain ?? process.env.BASE_DOMAIN ?? 'localhost',
    scrypt: config?.scrypt ?? PRODUCTION_SCRYPT,
    port: config?.port ?? 3000,
  };
}
