import type { JobSettings } from '../config';
import {
  JobKinds,
  parsePayload,
  retryDelayMs,
  retryPolicyOf,
  type AnyJobKind,
  type JobKind,
  type PeriodicJob,
} from './jobKind';
import {
  logFailedRun,
  settlesWithin,
  type JobHandle,
  type JobLog,
  type JobQueue,
} from './jobQueue';

// The queue of a single instance (no REDIS_URL): jobs run in this process one at a time, in
// the order they were queued, with the retries their kind asks for (a job waiting for its
// retry lets the next ones run). Periodic jobs run at start and on a timer. Closing waits for
// the queued and running jobs (retries run at once rather than be lost) up to the shutdown
// grace; what is left then is dropped and logged, as nothing else would run it, and a caller
// waiting for a dropped job is rejected.

interface Outcome {
  promise: Promise<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

interface Entry {
  kind: AnyJobKind;
  payload: unknown;
  id: string;
  attempt: number;
  done: Outcome;
}

function outcome(): Outcome {
  const done = {} as Outcome;
  done.promise = new Promise((resolve, reject) => Object.assign(done, { resolve, reject }));
  // A job queued without waiting for it must not leave an unhandled rejection.
  done.promise.catch(() => undefined);
  return done;
}

export class LocalJobQueue implements JobQueue {
  readonly #kinds = new JobKinds();
  readonly #waiting: Entry[] = [];
  /** Queued, running or waiting for a retry, by id: a second job of one key joins the first. */
  readonly #pending = new Map<string, Entry>();
  readonly #retryTimers = new Map<Entry, NodeJS.Timeout>();
  readonly #periodTimers: NodeJS.Timeout[] = [];
  readonly #shutdown = new AbortController();
  #draining: Promise<void> | null = null;
  #started = false;
  #closing = false;
  #count = 0;

  constructor(
    private readonly settings: Pick<JobSettings, 'shutdownGraceMs'>,
    private readonly log: JobLog,
  ) {}

  define<P, R>(kind: JobKind<P, R>): JobHandle<P, R> {
    this.#kinds.add(kind);
    return {
      enqueue: async (payload) => this.#add(kind, payload).id,
      enqueueAndWait: async (payload) => (await this.#add(kind, payload).done.promise) as R,
    };
  }

  every(job: PeriodicJob): void {
    const kind = this.#kinds.addPeriodic(job);
    if (this.#started) this.#runEvery(kind, job.everyMs);
  }

  async start(): Promise<void> {
    this.#started = true;
    for (const { kind, everyMs } of this.#kinds.periodic) this.#runEvery(kind, everyMs);
    this.#drain();
  }

  async close(): Promise<void> {
    this.#closing = true;
    for (const timer of this.#periodTimers) clearInterval(timer);
    for (const [entry, timer] of this.#retryTimers) {
      clearTimeout(timer);
      this.#waiting.push(entry);
    }
    this.#retryTimers.clear();
    this.#drain();
    if (await settlesWithin(this.#idle(), this.settings.shutdownGraceMs)) return;
    this.#shutdown.abort();
    const left = this.#pending.size;
    // Nothing runs the waiting jobs now: whoever waits for one hears it is dropped.
    for (const entry of this.#waiting) {
      this.#pending.delete(entry.id);
      entry.done.reject(
        new Error(`Job ${entry.kind.name} (${entry.id}) was not done at shutdown and is dropped.`),
      );
    }
    this.#waiting.length = 0;
    this.log.warn(`${left} job(s) were not done at shutdown and are dropped.`);
  }

  #add(kind: AnyJobKind, payload: unknown): Entry {
    const parsed = parsePayload(kind, payload);
    const id = kind.keyOf?.(parsed) ?? `${kind.name}-${++this.#count}`;
    const queued = this.#pending.get(id);
    if (queued) return queued;
    if (this.#closing) throw new Error(`Job ${kind.name}: the job queue is closed.`);
    const entry: Entry = { kind, payload: parsed, id, attempt: 1, done: outcome() };
    this.#pending.set(id, entry);
    this.#waiting.push(entry);
    this.#drain();
    return entry;
  }

  #runEvery(kind: AnyJobKind, everyMs: number): void {
    const enqueue = () => void this.#add(kind, {});
    enqueue();
    this.#periodTimers.push(setInterval(enqueue, everyMs).unref());
  }

  /** Runs the waiting jobs one after another, unless that is under way. */
  #drain(): void {
    if (this.#draining || !this.#started) return;
    this.#draining = (async () => {
      for (let entry = this.#waiting.shift(); entry; entry = this.#waiting.shift()) {
        await this.#run(entry);
      }
    })().finally(() => {
      this.#draining = null;
      if (this.#waiting.length > 0) this.#drain();
    });
  }

  async #idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #run(entry: Entry): Promise<void> {
    const { attempts, backoffMs } = retryPolicyOf(entry.kind);
    const context = { id: entry.id, attempt: entry.attempt, signal: this.#shutdown.signal };
    try {
      const result = await entry.kind.run(entry.payload, context);
      this.#pending.delete(entry.id);
      entry.done.resolve(result);
    } catch (error) {
      const final = entry.attempt >= attempts || this.#shutdown.signal.aborted;
      logFailedRun(this.log, { ...context, name: entry.kind.name, attempts, error, final });
      if (final) {
        this.#pending.delete(entry.id);
        entry.done.reject(error);
        return;
      }
      this.#retryLater(entry, retryDelayMs(backoffMs, entry.attempt));
      entry.attempt++;
    }
  }

  /** Back in the queue after `delayMs`; at once while closing (closing waits for the queue). */
  #retryLater(entry: Entry, delayMs: number): void {
    if (this.#closing) {
      this.#waiting.push(entry);
      return;
    }
    const timer = setTimeout(() => {
      this.#retryTimers.delete(entry);
      this.#waiting.push(entry);
      this.#drain();
    }, delayMs);
    this.#retryTimers.set(entry, timer.unref());
  }
}
