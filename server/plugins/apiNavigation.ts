import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECTIONS } from '../../common/sections';
import { isDocsPage } from './openApi';

// A person who types or follows an API address in the browser (`/api/v1/dashboards/3`) gets a
// page, never raw JSON: the matching section of the web app when there is one, else a short
// page that links to the app. Programs (fetch, curl, the web app's httpClient) do not ask for
// text/html and keep getting JSON.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An API route browsers navigate to on purpose (single sign-on's redirects). */
    browserNavigation?: boolean;
  }
}

const API_PREFIXES = ['/api/', '/node/'];
const VERSIONED = /^\/(?:node\/)?api\/v\d+\//;

/** True for a browser navigation: a GET whose Accept names text/html (fetch and curl don't). */
function isBrowserNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.routeOptions.config?.browserNavigation) return false;
  const path = request.url.split('?')[0];
  if (!API_PREFIXES.some((prefix) => path.startsWith(prefix)) || isDocsPage(path)) return false;
  const accept = String(request.headers.accept ?? '').toLowerCase();
  return accept.split(',').some((part) => part.trim().split(';')[0] === 'text/html');
}

/** The web app's page for an API path: `/api/v1/dashboards/3` -> `/dashboards/3`, or null. */
function webPathForApiPath(path: string): string | null {
  const rest = path.replace(VERSIONED, '/');
  if (rest === path) return null;
  const section = rest.split('/')[1] ?? '';
  return (SECTIONS as readonly string[]).includes(section) ? rest : null;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Not a page</title>
  </head>
  <body>
    <main>
      <h1>Not a page</h1>
      <p>This address answers programs, not people.</p>
      <p><a href="/">Open the app</a></p>
    </main>
  </body>
</html>
`;

export function registerApiNavigation(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isBrowserNavigation(request)) return;
    const target = webPathForApiPath(request.url.split('?')[0]);
    if (target) return reply.redirect(target, 303);
    return reply
      .status(404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(PAGE);
  });
}
