import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { isDocsPage } from './openApi';

// Security headers for every answer. Scripts only from our own origin; MUI/emotion inject
// style tags, so styles allow 'unsafe-inline'. Images may be data:/blob: URLs (the logo).
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The app works on plain http://*.localhost too; HSTS belongs to the TLS terminator.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers @fastify/helmet sets with `options`, read once from a throwaway instance:
 * registered on the app, helmet rebuilds its middleware (parsing the CSP) on every request,
 * while the headers are the same for every answer (no per-request CSP nonces here).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<OutgoingHttpHeaders> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // In a handler, the raw response holds exactly what helmet's onRequest hook set.
  probe.get('/', async (_request, reply) => reply.raw.getHeaders());
  try {
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return answer.json<OutgoingHttpHeaders>();
  } finally {
    await probe.close();
  }
}

/**
 * The headers of API answers (JSON, files), after OWASP's REST Security Cheat Sheet: nothing
 * in them is a document that runs, so the CSP allows nothing at all, framing and MIME
 * sniffing are off, other sites may not load them, and no referrer leaves. helmet's other
 * headers steer how a browser treats a page (DNS prefetch, opener, origin agent cluster,
 * IE's download and XSS filters, Flash policies): pages get them, API answers have no use.
 */
const API_HEADERS: OutgoingHttpHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/** API answers; the API's reference page (and its assets) is a page. */
function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !isDocsPage(url.split('?')[0]);
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const pageHeaders = Object.entries(await helmetHeaders(HELMET_OPTIONS));
  if (!pageHeaders.some(([name]) => name === 'content-security-policy')) {
    throw new Error('Security headers: helmet set no Content-Security-Policy.');
  }
  const apiHeaders = Object.entries(API_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiPath(request.url) ? apiHeaders : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value as string | string[]);
    done();
  });
}
