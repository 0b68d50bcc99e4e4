import {
  DelayedError,
  Queue,
  QueueEvents,
  UnrecoverableError,
  WaitingError,
  Worker,
  type Job,
  type JobsOptions,
} from 'bullmq';
import type { JobSettings } from '../config';
import {
  JobKinds,
  JobPayloadError,
  parsePayload,
  retryPolicyOf,
  type AnyJobKind,
  type JobKind,
  type PeriodicJob,
} from './jobKind';
import {
  logFailedRun,
  messageOf,
  settlesWithin,
  type JobHandle,
  type JobLog,
  type JobQueue,
} from './jobQueue';
import { LocalJobQueue } from './localJobQueue';

// Jobs on Redis (REDIS_URL set), through one BullMQ queue that every instance's worker takes
// jobs from: a job runs on one instance, whichever queued it. A worker holds a lock on each
// job it runs and renews it; when its instance dies the lock lapses and another instance's
// stalled-job check puts the job back (after about twice JOB_LOCK_SECONDS). Periodic jobs are
// BullMQ job schedulers: one scheduler per kind however many instances declare it, so each
// period makes one job. While Redis refuses a job, it runs on this instance instead
// (localJobQueue.ts), as the throttle counts alone rather than refuse.

export interface BullmqSettings extends JobSettings {
  url: string;
  /** REDIS_PREFIX: BullMQ's key prefix, so installations sharing a Redis stay apart. */
  prefix: string;
}

/** The one queue of an installation (under REDIS_PREFIX). */
export const JOB_QUEUE_NAME = 'jobs';
/** Jobs one instance runs at once. */
const CONCURRENCY = 4;
/** The longest enqueueAndWait waits for its job. */
const WAIT_LIMIT_MS = 60_000;
/** After the shutdown grace, how long aborted jobs get to hand themselves back. */
const GIVE_BACK_MS = 2_000;
const SHUTDOWN_REASON = 'The instance is shutting down.';
/** Done jobs are kept a while (their keys keep deduplicating), failed ones for a week. */
const KEEP: JobsOptions = {
  removeOnComplete: { age: 60 * 60, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 1_000 },
};

/** A producer fails fast while Redis is away (BullMQ's advice for request paths). */
const producerConnection = (url: string) => ({
  url,
  connectionName: 'brandboard-jobs',
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
});

/** Workers and event readers block on Redis: they wait for it however long it is away. */
const blockingConnection = (url: string, name: string) => ({
  url,
  connectionName: name,
  maxRetriesPerRequest: null,
});

function jobOptionsOf(kind: AnyJobKind): JobsOptions {
  const { attempts, backoffMs } = retryPolicyOf(kind);
  return { attempts, backoff: { type: 'exponential', delay: backoffMs }, ...KEEP };
}

export class BullmqJobQueue implements JobQueue {
  readonly #kinds = new JobKinds();
  readonly #queue: Queue;
  /** Runs jobs here while Redis refuses them. */
  readonly #fallback: LocalJobQueue;
  readonly #running = new Set<Promise<unknown>>();
  #worker: Worker | null = null;
  #events: Promise<QueueEvents> | null = null;
  #started = false;
  #closing = false;

  constructor(
    private readonly settings: BullmqSettings,
    private readonly log: JobLog,
  ) {
    this.#queue = new Queue(JOB_QUEUE_NAME, {
      connection: producerConnection(settings.url),
      prefix: settings.prefix,
    });
    this.#queue.on('error', (error) => log.warn(`Job queue: ${error.message}`));
    this.#fallback = new LocalJobQueue(settings, log);
  }

  define<P, R>(kind: JobKind<P, R>): JobHandle<P, R> {
    this.#kinds.add(kind);
    const here = this.#fallback.define(kind);
    return {
      enqueue: async (payload) => {
        const job = await this.#add(kind, payload);
        return job ? job.id! : here.enqueue(payload);
      },
      enqueueAndWait: async (payload) => {
        const events = await this.#queueEvents().catch(() => null);
        const job = events && (await this.#add(kind, payload));
        if (!job) return here.enqueueAndWait(payload);
        return (await job.waitUntilFinished(events, WAIT_LIMIT_MS)) as R;
      },
    };
  }

  every(job: PeriodicJob): void {
    const kind = this.#kinds.addPeriodic(job);
    if (this.#started) void this.#schedule(kind, job.everyMs);
  }

  async start(): Promise<void> {
    this.#started = true;
    await Promise.all(
      this.#kinds.periodic.map(({ kind, everyMs }) => this.#schedule(kind, everyMs)),
    );
    const worker = new Worker(
      JOB_QUEUE_NAME,
      (job, token, signal) => this.#process(job, token, signal),
      {
        connection: blockingConnection(this.settings.url, 'brandboard-jobs-worker'),
        prefix: this.settings.prefix,
        concurrency: CONCURRENCY,
        lockDuration: this.settings.lockMs,
        stalledInterval: this.settings.lockMs,
      },
    );
    worker.on('failed', (job, error) => {
      if (job) this.#logFailure(job, error);
    });
    worker.on('error', (error) => this.log.warn(`Job worker: ${error.message}`));
    this.#worker = worker;
    await worker.waitUntilReady();
    await this.#fallback.start();
  }

  async close(): Promise<void> {
    this.#closing = true;
    if (this.#worker) await this.#stopWorker(this.#worker);
    await this.#fallback.close();
    const events = await this.#events?.catch(() => null);
    await events?.close();
    await this.#queue.close();
  }

  /** Queues `payload` in Redis; null (logged) when Redis refuses it. */
  async #add<P>(kind: JobKind<P, unknown>, payload: P): Promise<Job | null> {
    const parsed = parsePayload(kind, payload);
    try {
      const jobId = kind.keyOf?.(parsed);
      return await this.#queue.add(kind.name, parsed, { ...jobOptionsOf(kind), jobId });
    } catch (error) {
      this.log.warn(
        `Job ${kind.name} runs on this instance: Redis refused it (${messageOf(error)}).`,
      );
      return null;
    }
  }

  /** One reader of the queue's events, opened when a caller first waits for a job. */
  #queueEvents(): Promise<QueueEvents> {
    this.#events ??= this.#openQueueEvents().catch((error: unknown) => {
      this.#events = null;
      throw error;
    });
    return this.#events;
  }

  async #openQueueEvents(): Promise<QueueEvents> {
    const events = new QueueEvents(JOB_QUEUE_NAME, {
      connection: blockingConnection(this.settings.url, 'brandboard-job-events'),
      prefix: this.settings.prefix,
    });
    events.on('error', (error) => this.log.warn(`Job events: ${error.message}`));
    try {
      await events.waitUntilReady();
      return events;
    } catch (error) {
      await events.close();
      throw error;
    }
  }

  async #schedule(kind: AnyJobKind, everyMs: number): Promise<void> {
    try {
      const template = { name: kind.name, data: {}, opts: jobOptionsOf(kind) };
      await this.#queue.upsertJobScheduler(kind.name, { every: everyMs }, template);
    } catch (error) {
      this.log.warn(`Periodic job ${kind.name} could not be scheduled: ${messageOf(error)}`);
    }
  }

  #process(job: Job, token: string | undefined, signal: AbortSignal | undefined) {
    const processing = this.#processJob(job, token, signal ?? new AbortController().signal);
    this.#running.add(processing);
    const forget = () => this.#running.delete(processing);
    processing.then(forget, forget);
    return processing;
  }

  async #processJob(job: Job, token: string | undefined, signal: AbortSignal): Promise<unknown> {
    // A fetch under way when the worker paused still hands it a job: back it goes.
    if (this.#closing && token) return this.#giveBack(job, token);
    const kind = this.#kinds.get(job.name);
    if (!kind) {
      // Queued by an instance of another version: left for one that knows the kind.
      await job.moveToDelayed(Date.now() + this.settings.lockMs, token);
      throw new DelayedError();
    }
    try {
      const payload = parsePayload(kind, job.data);
      return await kind.run(payload, { id: job.id ?? '', attempt: job.attemptsMade + 1, signal });
    } catch (error) {
      if (error instanceof JobPayloadError) throw new UnrecoverableError(error.message);
      if (this.#closing && signal.aborted && token) return this.#giveBack(job, token);
      throw error;
    }
  }

  /** Back to the queue unharmed: another instance runs it at once, no attempt counted. */
  async #giveBack(job: Job, token: string): Promise<never> {
    await job.moveToWait(token);
    throw new WaitingError();
  }

  #logFailure(job: Job, error: Error): void {
    const attempts = job.opts.attempts ?? 1;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= attempts;
    logFailedRun(this.log, {
      name: job.name,
      id: job.id ?? '',
      attempt: job.attemptsMade,
      attempts,
      error,
      final,
    });
  }

  /**
   * Takes no more jobs, lets the running ones finish within the shutdown grace, then aborts
   * them so they hand themselves back; one that does not is left to lapse (another instance
   * takes it over as from an instance that died).
   */
  async #stopWorker(worker: Worker): Promise<void> {
    await worker.pause(true);
    if (!(await settlesWithin(this.#idle(), this.settings.shutdownGraceMs))) {
      worker.cancelAllJobs(SHUTDOWN_REASON);
      if (!(await settlesWithin(this.#idle(), GIVE_BACK_MS))) {
        this.log.warn(
          `${this.#running.size} job(s) still running at shutdown: another instance takes them over once their lock lapses.`,
        );
      }
    }
    await worker.close(true);
  }

  /** Settles once no job runs here, counting jobs that start meanwhile. */
  async #idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
