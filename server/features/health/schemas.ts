import { healthSchema } from '../../../common/api/health';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('health');

const summary =
  "Whether this instance can serve: 'ok', 'degraded' while Redis is away (it serves on its own), 503 'unavailable' while its metadata store does not answer.";

export const GET_HEALTH = {
  ...route(summary, {}),
  response: { 200: healthSchema, 503: healthSchema },
};
