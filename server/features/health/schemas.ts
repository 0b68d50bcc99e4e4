import { healthSchema } from '../../../src/model/api/health';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('health');

const summary =
  'Whether this instance can serve: its metadata store and, when used, Redis answer (503 naming the part that does not).';

export const GET_HEALTH = {
  ...route(summary, {}),
  response: { 200: healthSchema, 503: healthSchema },
};
