import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../../../server/plugins/openApi';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// The generated OpenAPI document: valid 3.1, every route in it, the security schemes, a
// neutral title; the reference page served with page headers; route schemas answer 400 like
// parsePayload.

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
}

/** Whether an operation declares a request body with a schema that says something. */
function hasBodySchema(operation: unknown): boolean {
  const content = (operation as { requestBody?: { content?: Record<string, { schema?: object }> } })
    .requestBody?.content;
  const saysSomething = (schema: Record<string, unknown>) =>
    ['type', 'properties', 'anyOf', 'oneOf', 'allOf', '$ref'].some((key) => key in schema);
  return Object.values(content ?? {}).some(
    (media) => media.schema !== undefined && saysSomething(media.schema as Record<string, unknown>),
  );
}

/** Fastify's `/users/:id` and `/static/*` as OpenAPI writes them. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI document', () => {
  let server: TestServer;
  let admin: Session;
  let document: OpenApiDocument;

  beforeAll(async () => {
    server = await startServer();
    admin = await login(server.baseUrl, 'acme', 'admin');
    const answer = await api(server.baseUrl, null, 'GET', `${DOCS_PREFIX}/json`);
    expect(answer.status).toBe(200);
    document = answer.body as OpenApiDocument;
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route but HEAD duplicates and its own', () => {
    const missing = server.app.routeIndex
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith(DOCS_PREFIX))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).some((path) => path.startsWith(DOCS_PREFIX))).toBe(false);
  });

  it('documents the body of every route that reads one, PUT and PATCH included', () => {
    const bodyless = new Set(['/api/v1/auth/logout']);
    const undocumented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method === 'put' || method === 'patch')
        .filter(([, operation]) => !hasBodySchema(operation))
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((route) => !bodyless.has(route)),
    );
    expect(undocumented).toEqual([]);
  });

  it('declares the bearer and site security schemes', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.site).toMatchObject({ type: 'apiKey', in: 'header' });
  });

  it("is titled neutrally, or with the tenant's account name on its site", async () => {
    expect(document.info.title).toBe('REST API');
    const onAcme = await api(server.baseUrl, null, 'GET', `${DOCS_PREFIX}/json`, undefined, {
      site: 'acme',
    });
    const title = (onAcme.body as OpenApiDocument).info.title;
    expect(title).toMatch(/ REST API$/);
    expect(title).not.toMatch(/brandboard/i);
    expect(JSON.stringify(onAcme.body)).not.toMatch(/brandboard/i);
  });

  it('serves the reference page and its local assets with page headers', async () => {
    const page = await fetch(`${server.baseUrl}${DOCS_PREFIX}/`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const asset = await fetch(new URL(script, `${server.baseUrl}${DOCS_PREFIX}/`));
      expect(asset.status, script).toBe(200);
    }
    // No top bar (a framework's logo) on a white-label page.
    const setup = await fetch(`${server.baseUrl}${DOCS_PREFIX}/static/swagger-initializer.js`);
    expect(await setup.text()).toContain('"layout":"BaseLayout"');
  });

  it('sends the old index address to the page, a query string included', async () => {
    const old = await fetch(`${server.baseUrl}${DOCS_PREFIX}/static/index.html?x=1`, {
      redirect: 'manual',
    });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`${DOCS_PREFIX}/`);
  });

  it('answers 400 naming the field when a route schema refuses the body', async () => {
    const wrong = await api(server.baseUrl, admin, 'POST', '/api/v1/users', {
      username: 'schema-check',
      fullName: 'Schema Check',
      email: 'not an email',
      role: 'viewer',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'email' });
    expect((wrong.body as { message: string }).message).toMatch(/^email: /);

    const unknown = await api(server.baseUrl, admin, 'POST', '/api/v1/users', {
      username: 'schema-check',
      fullName: 'Schema Check',
      email: 'check@example.com',
      role: 'viewer',
      shoeSize: 44,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Unknown field: shoeSize.', field: 'shoeSize' });

    const missing = await api(server.baseUrl, admin, 'POST', '/api/v1/users');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'A JSON body is required.' });
  });

  it('answers 400 naming the query parameter when a route schema refuses the query', async () => {
    const unknown = await api(server.baseUrl, admin, 'GET', '/api/v1/users?shoeSize=44');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      message: 'Unknown query parameter: shoeSize.',
      field: 'shoeSize',
    });
    const twice = await api(server.baseUrl, admin, 'GET', '/api/v1/users?sort=a&sort=b');
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ field: 'sort' });
    expect((twice.body as { message: string }).message).toMatch(/^sort: /);
  });

  it('still asks who is calling before it validates the body', async () => {
    const anonymous = await api(server.baseUrl, null, 'POST', '/api/v1/users', { shoeSize: 44 });
    expect(anonymous.status).toBe(401);
    const reader = await api(server.baseUrl, null, 'GET', '/api/v1/users?shoeSize=44');
    expect(reader.status).toBe(401);
  });
});
