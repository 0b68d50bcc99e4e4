import type { FastifyInstance } from 'fastify';
import type { Health } from '../../../common/api/health';
import { outcomeWithin } from '../../http/outcomeWithin';
import { pingStore } from './repository';
import { GET_HEALTH } from './schemas';

// The instance's health for a load balancer (nginx, a Kubernetes probe): no sign-in, no
// tenant looked up (a store that is down must not make it fail before it checks), never
// cached. A check that does not answer within a second fails.

const CHECK_TIMEOUT_MS = 1_000;

type Check = Health['checks']['database'];

async function within(check: () => Promise<unknown>): Promise<Check> {
  return (await outcomeWithin(check(), CHECK_TIMEOUT_MS)) === 'fulfilled' ? 'ok' : 'failing';
}

/** Without its store an instance cannot serve; without Redis it serves on its own. */
function statusOf(database: Check, redis: Check): Health['status'] {
  if (database === 'failing') return 'unavailable';
  return redis === 'failing' ? 'degraded' : 'ok';
}

export function registerHealthRoutes(app: FastifyInstance): void {
  const redis = app.redis;
  const route = { schema: GET_HEALTH, config: { withoutTenant: true } };
  app.get('/api/v1/health', route, async (_request, reply) => {
    const [database, redisCheck] = await Promise.all([
      within(() => pingStore(app.db)),
      redis ? within(() => redis.ping()) : Promise.resolve<Check>('not used'),
    ]);
    const answer: Health = {
      status: statusOf(database, redisCheck),
      checks: { database, redis: redisCheck },
    };
    return reply
      .code(answer.status === 'unavailable' ? 503 : 200)
      .header('Cache-Control', 'no-store')
      .send(answer);
  });
}
