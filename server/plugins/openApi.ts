import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { z } from 'zod';
import { PLATFORM_SITE } from '../../common/types';

// The OpenAPI 3.1 document of every route, generated from the route schemas, and a reference
// page (Swagger UI, its assets served from node_modules: no CDN). The page and the document
// answer at DOCS_PREFIX and DOCS_PREFIX/json. White label: no platform name anywhere, the
// title is a tenant's account name on its site.

export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart form the handler reads part by part: documented here, not
     * validated by Fastify (a `body` schema would be, before the form is parsed).
     */
    formBody?: z.ZodType;
    /** A JSON body the handler checks itself (SCIM's): documented here, not validated. */
    handlerBody?: z.ZodType;
  }
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The zod transform, documenting a route's `formBody` as its multipart/form-data body and its
 * `handlerBody` as its JSON body.
 */
const transformRouteSchema: typeof zodTransform = (route) => {
  const { formBody, handlerBody, ...schema } = route.schema ?? {};
  if (formBody) {
    const asForm = { ...schema, body: formBody, consumes: ['multipart/form-data'] };
    return zodTransform({ ...route, schema: asForm });
  }
  if (handlerBody) {
    const asJson = {
      ...schema,
      body: handlerBody,
      consumes: ['application/scim+json', 'application/json'],
    };
    return zodTransform({ ...route, schema: asJson });
  }
  return zodTransform(route);
};

/** True for the reference page and its assets, which are a page, not an API answer. */
export function isDocsPage(path: string): boolean {
  return path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);
}

const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token (POST /api/v1/auth/login answers one) or an API token made in the ' +
      'profile. A token works only on the site of its account.',
  },
  site: {
    type: 'apiKey',
    in: 'header',
    name: 'site',
    description:
      "The tenant's site. Without this header, the sub-domain of the Host names it " +
      `(acme.example.com is acme); with neither, the platform site (${PLATFORM_SITE}).`,
  },
};

function documentTitle(request: FastifyRequest): string {
  const account = request.account;
  return account && account.site !== PLATFORM_SITE ? `${account.name} REST API` : 'REST API';
}

/**
 * Swagger UI redirects its static/index.html to the page by rewriting the URL's end, so the
 * address with a query string redirects to itself forever: send it to the page here.
 */
async function redirectOldIndex(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.split('?')[0] === `${DOCS_PREFIX}/static/index.html`) {
    return reply.redirect(`${DOCS_PREFIX}/`);
  }
}

/** Must run before any route is registered: the document lists routes as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'REST API',
        version: '1',
        description:
          'Dashboards, charts and datasets as YAML files (`npm run bb -- export` / `import`): ' +
          'their JSON Schema is at [/api/v1/as-code/schema.json](/api/v1/as-code/schema.json).',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [], site: [] }],
    },
    transform: transformRouteSchema,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiHooks: { onRequest: redirectOldIndex },
    theme: { title: 'REST API' },
    // No top bar: it shows a framework's logo, and a tenant's page names no one but the tenant.
    uiConfig: { layout: 'BaseLayout' },
    transformSpecification: (document, request) => {
      const spec = document as OpenAPIV3_1.Document;
      return { ...spec, info: { ...spec.info, title: documentTitle(request) } };
    },
  });
}
