import type { FastifyBaseLogger } from 'fastify';
import type { JobKind, PeriodicJob } from './jobKind';
import { outcomeWithin } from '../http/outcomeWithin';

// What the app's features see of background work (`app.jobs`, plugins/jobs.ts): declare a
// kind, then queue runs of it. Without REDIS_URL the jobs run in this process
// (localJobQueue.ts); with it they go through a BullMQ queue on Redis that every instance
// works on (bullmqJobQueue.ts), so a job runs once whichever instance queued it and survives
// that instance dying.

export interface JobHandle<P, R> {
  /** Queues a run of the job; resolves with its id once it is queued, not run. */
  enqueue: (payload: P) => Promise<string>;
  /** Queues a run and resolves with its result once done (rejects with its last error). */
  enqueueAndWait: (payload: P) => Promise<R>;
}

export interface JobQueue {
  /** Declares a kind (once, while the app is built); answers how to queue it. */
  define: <P, R>(kind: JobKind<P, R>) => JobHandle<P, R>;
  /** Declares work that runs once every period over all instances, the first time at start. */
  every: (job: PeriodicJob) => void;
  /** Starts taking jobs (when the app is ready). */
  start: () => Promise<void>;
  /** Takes no more jobs; waits for the running ones a while, then gives them back. */
  close: () => Promise<void>;
}

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface FailedRun {
  name: string;
  id: string;
  /** The run that failed (1 for the first). */
  attempt: number;
  attempts: number;
  error: unknown;
  /** No run follows: the job has failed. */
  final: boolean;
}

/** An error's message, or the thrown value as a string. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** A failed run is a warning while a retry follows, an error (with its stack) at the last. */
export function logFailedRun(log: JobLog, run: FailedRun): void {
  const job = `Job ${run.name} (${run.id})`;
  if (run.final) {
    log.error(
      { err: run.error },
      `${job} failed after ${run.attempt} run(s): ${messageOf(run.error)}`,
    );
  } else {
    log.warn(
      `${job} failed on run ${run.attempt} of ${run.attempts}, retrying: ${messageOf(run.error)}`,
    );
  }
}

/** Whether `promise` settles within `ms`. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return (await outcomeWithin(promise, ms)) !== 'late';
}
