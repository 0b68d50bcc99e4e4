import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../jobs/jobQueue';
import { LocalJobQueue } from '../jobs/localJobQueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work: kinds declared by the features, run here or through Redis. */
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs`: BullMQ on REDIS_URL (loaded only then, so a single instance needs
 * nothing of it), else this process. Jobs start when the app is ready, after every feature
 * has declared its kinds, and stop before the services they use close (hooks close in the
 * reverse order of their registration).
 */
export async function registerJobs(app: FastifyInstance): Promise<void> {
  const { redisUrl, redisPrefix, jobs: settings } = app.config;
  let queue: JobQueue;
  if (redisUrl) {
    const { BullmqJobQueue } = await import('../jobs/bullmqJobQueue');
    queue = new BullmqJobQueue({ ...settings, url: redisUrl, prefix: redisPrefix }, app.log);
  } else {
    queue = new LocalJobQueue(settings, app.log);
  }
  app.decorate('jobs', queue);
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.close());
}
