import type { FastifyInstance } from 'fastify';

/** One method of one registered route, as Fastify's onRoute hook reports it. */
export interface IndexedRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every method and URL this server registered, HEAD routes Fastify adds included. */
    routeIndex: readonly IndexedRoute[];
  }
}

/**
 * Records each route as it is registered, so tools (the malformed-request fuzz) can walk every
 * route without a list kept by hand. Must run before any route is registered.
 */
export function registerRouteIndex(app: FastifyInstance): void {
  const routes: IndexedRoute[] = [];
  app.decorate('routeIndex', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url });
  });
}
