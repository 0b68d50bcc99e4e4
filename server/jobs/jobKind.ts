import { z } from 'zod';

// A kind of background job, declared once by the feature that owns the work: its name, the
// schema of its payload, what running it does and how often it is tried. Both queues
// (localJobQueue.ts, bullmqJobQueue.ts) run kinds the same way.
//
// A job may run more than once (a retry after a failure, a job taken over from an instance
// that died mid-run, a job run here while Redis refused it), so every `run` must be safe to
// repeat: an effect already made is not made again.

export interface JobContext {
  /** The job's id in its queue (its key, when the kind gives one). */
  id: string;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** Aborted when the instance shuts down while the job runs: stop, and it is given back. */
  signal: AbortSignal;
}

export interface JobKind<P, R = void> {
  /** Unique among kinds; letters, digits and dashes (it names the jobs in Redis). */
  name: string;
  payload: z.ZodType<P>;
  run: (payload: P, context: JobContext) => Promise<R>;
  /** Runs in all before the job counts as failed (default 3). */
  attempts?: number;
  /** Wait before the first retry, doubled before each next one (default 1 s). */
  backoffMs?: number;
  /**
   * The idempotency key of a payload: while a job of the same key is queued, running or (with
   * Redis) kept as done, enqueueing it again adds nothing.
   */
  keyOf?: (payload: P) => string;
}

/** Work without a payload that runs once every `everyMs` across all instances. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: (context: JobContext) => Promise<void>;
  attempts?: number;
  backoffMs?: number;
}

// The queues hold kinds of every payload and result type; each is run with its own payload.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any, any>;

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1_000;
const NAME = /^[a-z0-9][a-z0-9-]*$/;
const NO_PAYLOAD = z.object({});

export function retryPolicyOf(kind: Pick<AnyJobKind, 'attempts' | 'backoffMs'>) {
  return {
    attempts: Math.max(1, kind.attempts ?? DEFAULT_ATTEMPTS),
    backoffMs: kind.backoffMs ?? DEFAULT_BACKOFF_MS,
  };
}

/** BullMQ's exponential backoff: the wait after the `failures`-th failed run. */
export function retryDelayMs(backoffMs: number, failures: number): number {
  return backoffMs * 2 ** (failures - 1);
}

/** A payload its kind's schema refuses: running it again cannot help. */
export class JobPayloadError extends Error {}

export function parsePayload<P>(kind: JobKind<P, unknown>, data: unknown): P {
  const parsed = kind.payload.safeParse(data);
  if (!parsed.success) {
    throw new JobPayloadError(`Job "${kind.name}": bad payload: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The kinds a queue knows, by name; periodic jobs become kinds with an empty payload. */
export class JobKinds {
  readonly #kinds = new Map<string, AnyJobKind>();
  readonly periodic: { kind: AnyJobKind; everyMs: number }[] = [];

  add(kind: AnyJobKind): void {
    if (!NAME.test(kind.name)) {
      throw new Error(`Job kind "${kind.name}": use lower-case letters, digits and dashes.`);
    }
    if (this.#kinds.has(kind.name)) throw new Error(`Job kind "${kind.name}" is declared twice.`);
    this.#kinds.set(kind.name, kind);
  }

  addPeriodic(job: PeriodicJob): AnyJobKind {
    if (!(job.everyMs > 0)) throw new Error(`Periodic job "${job.name}" needs a period.`);
    const kind: JobKind<object> = {
      name: job.name,
      payload: NO_PAYLOAD,
      run: (_payload, context) => job.run(context),
      attempts: job.attempts,
      backoffMs: job.backoffMs,
      keyOf: () => job.name,
    };
    this.add(kind);
    this.periodic.push({ kind, everyMs: job.everyMs });
    return kind;
  }

  get(name: string): AnyJobKind | undefined {
    return this.#kinds.get(name);
  }
}
