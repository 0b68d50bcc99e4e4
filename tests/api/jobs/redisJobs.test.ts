import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  REDIS_URL,
  build,
  buildInstances,
  closeInstances,
  isPostgresReachable,
  isRedisReachable,
  jobQueueOf,
  type TestServer,
} from '../harness';

// Background jobs on Redis (BullMQ) across instances of one installation: a job runs once
// whichever instance queued it, a result comes back to the one waiting for it, a key is
// queued once, a failing job is retried and then kept as failed with its error logged, a
// periodic job runs once per period however many instances declare it, and a job survives
// the instance running it: handed back at shutdown, or taken over once its lock lapses.

const reachable = (await isPostgresReachable()) && (await isRedisReachable());

const NO_PAYLOAD = z.object({});
const soon = (check: () => unknown, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

/** Rejects once `signal` aborts (a job that runs until its instance stops it). */
const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
  );

describe.runIf(reachable)('jobs on Redis across two instances', () => {
  let first: TestServer;
  let second: TestServer;
  let queue: Queue;

  beforeAll(async () => {
    [first, second] = await buildInstances(2);
    queue = await jobQueueOf(first);
  });
  afterAll(async () => {
    await queue?.close();
    await closeInstances([first, second].filter(Boolean));
  });

  /** Waits until no job of kind `name` is queued, delayed or running: what was to run ran. */
  const drained = (name: string) =>
    soon(async () => {
      const pending = await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active']);
      expect(pending.filter((job) => job.name === name)).toEqual([]);
    });

  it('runs a job queued on one instance once, on whichever instance takes it', async () => {
    const runs: { instance: number; n: number }[] = [];
    const [onFirst, onSecond] = [first, second].map((server, instance) =>
      server.app.jobs.define({
        name: 'count-once',
        payload: z.object({ n: z.number() }),
        run: async ({ n }) => {
          runs.push({ instance, n });
          await sleep(10);
          return n * 2;
        },
      }),
    );
    await Promise.all(Array.from({ length: 20 }, (_, n) => onFirst.enqueue({ n })));
    await soon(() => expect(runs).toHaveLength(20));
    await drained('count-once');
    expect(runs).toHaveLength(20);
    expect(new Set(runs.map((run) => run.n)).size).toBe(20);

    // A caller that needs the result waits for it, whichever instance ran the job.
    expect(await onSecond.enqueueAndWait({ n: 21 })).toBe(42);
  });

  it('queues a job of a key only once while it is queued or kept as done', async () => {
    const runs: string[] = [];
    const [onFirst, onSecond] = [first, second].map((server) =>
      server.app.jobs.define({
        name: 'keyed',
        payload: z.object({ key: z.string() }),
        keyOf: ({ key }) => `keyed-${key}`,
        run: async ({ key }) => {
          runs.push(key);
        },
      }),
    );
    const ids = [
      await onFirst.enqueue({ key: 'a' }),
      await onSecond.enqueue({ key: 'a' }),
      await onFirst.enqueue({ key: 'b' }),
    ];
    expect(ids).toEqual(['keyed-a', 'keyed-a', 'keyed-b']);
    await soon(() => expect(runs.sort()).toEqual(['a', 'b']));
    expect(await onSecond.enqueue({ key: 'a' })).toBe('keyed-a');
    await drained('keyed');
    expect(runs.sort()).toEqual(['a', 'b']);
  });

  it('retries a failing job, then keeps it as failed with its error logged', async () => {
    const runs: number[] = [];
    const errors = [first, second].map((server) => vi.spyOn(server.app.log, 'error'));
    const warnings = [first, second].map((server) => vi.spyOn(server.app.log, 'warn'));
    const [onFirst] = [first, second].map((server) =>
      server.app.jobs.define({
        name: 'always-fails',
        payload: NO_PAYLOAD,
        attempts: 3,
        backoffMs: 50,
        run: async (_payload, { attempt }) => {
          runs.push(attempt);
          throw new Error(`boom ${attempt}`);
        },
      }),
    );
    const id = await onFirst.enqueue({});
    await soon(async () => expect(await queue.getJobState(id)).toBe('failed'));
    const job = await queue.getJob(id);
    expect(job?.attemptsMade).toBe(3);
    expect(job?.failedReason).toBe('boom 3');
    expect(runs).toEqual([1, 2, 3]);

    const logged = (spies: typeof errors) =>
      spies.flatMap((spy) => spy.mock.calls).map((call) => String(call.at(-1)));
    // Each run's instance logs it (in either order, as the two instances take turns).
    expect(
      logged(warnings)
        .filter((line) => line.includes('always-fails'))
        .sort(),
    ).toEqual([
      `Job always-fails (${id}) failed on run 1 of 3, retrying: boom 1`,
      `Job always-fails (${id}) failed on run 2 of 3, retrying: boom 2`,
    ]);
    expect(logged(errors)).toEqual([`Job always-fails (${id}) failed after 3 run(s): boom 3`]);
    // With the stack: pino writes the `err` it is given.
    const [errorArgs] = errors.flatMap((spy) => spy.mock.calls);
    expect(errorArgs[0]).toMatchObject({ err: expect.any(Error) });
  });

  it('runs a periodic job once per period, however many instances declare it', async () => {
    // The instances' own periodic jobs (session purge, subscriptions, rollups, revisions).
    const ownSchedules = await queue.getJobSchedulersCount();
    const runs: string[] = [];
    for (const server of [first, second]) {
      server.app.jobs.every({
        name: 'tick',
        everyMs: 1_000,
        run: async ({ id }) => {
          runs.push(id);
        },
      });
    }
    await soon(() => expect(runs.length).toBeGreaterThanOrEqual(3));
    // One run per period: each period's job is run once (no id twice), and the two
    // declarations made one schedule, not two.
    expect(new Set(runs).size).toBe(runs.length);
    expect(await queue.getJobSchedulersCount()).toBe(ownSchedules + 1);
  });
});

describe.runIf(reachable)('a job whose instance stops', () => {
  // Jobs need only the Redis: these instances share one under a prefix of their own but keep
  // a SQLite store each, so that any of them may stop first. Short locks, so that a lapsed one
  // is seen within seconds.
  const env = {
    REDIS_URL,
    REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    JOB_LOCK_SECONDS: '2',
    JOB_SHUTDOWN_SECONDS: '0.3',
  };
  const running = new Set<TestServer>();
  let queue: Queue | undefined;

  const start = async () => {
    const server = await build({ env });
    running.add(server);
    queue ??= await jobQueueOf(server);
    return server;
  };
  const stop = async (server: TestServer) => {
    running.delete(server);
    await server.close();
  };
  afterEach(async () => {
    for (const server of running) await stop(server);
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
  });

  /**
   * Starts an instance alone, which runs a job of kind `name` (`leave` is how its run ends),
   * then another that knows the kind too and finishes its runs.
   */
  async function runOnLeaver(name: string, leave: (signal: AbortSignal) => Promise<never>) {
    const runs: { on: string; attempt: number }[] = [];
    const leaver = await start();
    const handle = leaver.app.jobs.define({
      name,
      payload: NO_PAYLOAD,
      run: (_payload, { attempt, signal }) => {
        runs.push({ on: 'leaver', attempt });
        return leave(signal);
      },
    });
    const id = await handle.enqueue({});
    await soon(() => expect(runs).toHaveLength(1));
    const keeper = await start();
    keeper.app.jobs.define({
      name,
      payload: NO_PAYLOAD,
      run: async (_payload, { attempt }) => {
        runs.push({ on: 'keeper', attempt });
      },
    });
    return { id, runs, leaver, queue: queue! };
  }

  it('is handed back at shutdown and run by another instance at once', async () => {
    const { id, runs, leaver, queue } = await runOnLeaver('handed-back', untilAborted);
    await stop(leaver);
    // The suite's own pace (a busy machine took more than 5 s); what tells a handed-back job
    // from one taken over is that it counts no attempt.
    await soon(async () => expect(await queue.getJobState(id)).toBe('completed'));
    // Handing back counts no attempt.
    expect(runs).toEqual([
      { on: 'leaver', attempt: 1 },
      { on: 'keeper', attempt: 1 },
    ]);
  });

  it('is taken over by another instance once the lock of a stuck instance lapses', async () => {
    // Ignores the abort: its instance closes without it, as one killed mid-run.
    const { id, runs, leaver, queue } = await runOnLeaver(
      'taken-over',
      () => new Promise(() => {}),
    );
    await stop(leaver);
    await soon(async () => expect(await queue.getJobState(id)).toBe('completed'), 20_000);
    expect(runs).toEqual([
      { on: 'leaver', attempt: 1 },
      { on: 'keeper', attempt: 1 },
    ]);
  });
});
