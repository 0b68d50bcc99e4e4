import type { FastifyReply } from 'fastify';
import { cancelledError } from '../engines/queryError';
import { AbortedError } from './singleFlight';

// A query whose client goes away: the signal that cancels it at the source when the HTTP
// connection closes before the answer, and the wait it ended told as a cancelled query.

/** A signal aborted when the HTTP connection closes before the reply is sent. */
export function closeSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A wait ended by the client going away is told as a cancelled query. */
export function asQueryError(error: unknown): never {
  if (error instanceof AbortedError) throw cancelledError();
  throw error;
}
