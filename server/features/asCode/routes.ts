import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asCodeJsonSchema } from '../../../common/asCode';
import { routeSchemasOf } from '../../http/routeSchema';

// The JSON Schema of the YAML files `npm run bb -- export` writes and `import` reads
// (common/asCode.ts), for editors that check files against it. The same for every account.

const route = routeSchemasOf('as-code');

export const AS_CODE_SCHEMA_PATH = '/api/v1/as-code/schema.json';

const GET_SCHEMA = route(
  'The JSON Schema of a dashboards-as-code file (a dataset, chart or dashboard in YAML).',
  { answer: z.record(z.string(), z.unknown()) },
);

export function registerAsCodeRoutes(app: FastifyInstance): void {
  const schema = asCodeJsonSchema();
  app.get(
    AS_CODE_SCHEMA_PATH,
    { schema: GET_SCHEMA, config: { withoutTenant: true } },
    async () => schema,
  );
}
