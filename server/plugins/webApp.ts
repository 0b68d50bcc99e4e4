import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const API_PREFIXES = ['/api/', '/node/'];

/**
 * Serves the built web app from `webDir`. Every GET that is not an API path or a file
 * answers index.html, so browser-history routes (/login, /share/…) load the app.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // Hashed asset names never change content; index.html must always be fresh.
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${join(webDir, 'assets')}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Unknown API paths and missing assets answer a JSON 404; everything else is the app.
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (isApi || !hasBuild || path.startsWith('/assets/')) {
      return reply.status(404).send(errorBody(404, `No route GET ${path}.`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
