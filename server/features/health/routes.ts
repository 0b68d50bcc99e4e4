import type { FastifyInstance } from 'fastify';
import type { Health } from '../../../src/model/api/health';
import { pingStore } from './repository';
import { GET_HEALTH } from './schemas';

// The instance's health for a load balancer (nginx, a Kubernetes probe): no sign-in, no
// tenant looked up (a store that is down must not make it fail before it checks), never
// cached. A check that does not answer within a second fails.

const CHECK_TIMEOUT_MS = 1_000;

type Check = Health['checks']['database'];

async function within(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance): void {
  const redis = app.redis;
  const route = { schema: GET_HEALTH, config: { withoutTenant: true } };
  app.get('/api/v1/health', route, async (_request, reply) => {
    const [database, redisCheck] = await Promise.all([
      within(() => pingStore(app.db)),
      redis ? within(() => redis.ping()) : Promise.resolve<Check>('not used'),
    ]);
    const healthy = database !== 'failing' && redisCheck !== 'failing';
    const answer: Health = {
      status: healthy ? 'ok' : 'unavailable',
      checks: { database, redis: redisCheck },
    };
    return reply
      .code(healthy ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(answer);
  });
}
