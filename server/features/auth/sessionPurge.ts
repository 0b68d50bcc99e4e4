import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/schema';
import { deleteEndedSessions } from './repository';

// Every sign-in adds a session row, and an ended one is of no use: once an hour one instance
// deletes those that have expired or were signed out (a periodic job, app.jobs.every).

const HOUR_MS = 60 * 60 * 1000;

/** The periodic job's work. */
export async function purgeEndedSessions(app: FastifyInstance): Promise<void> {
  const removed = await deleteEndedSessions(app.db, nowIso());
  if (removed > 0) app.log.info(`Deleted ${removed} ended sign-in session(s).`);
}

export function scheduleSessionPurge(app: FastifyInstance): void {
  app.jobs.every({
    name: 'purge-ended-sessions',
    everyMs: HOUR_MS,
    run: () => purgeEndedSessions(app),
  });
}
