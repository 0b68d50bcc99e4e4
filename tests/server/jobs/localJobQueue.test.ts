import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LocalJobQueue } from '../../../server/jobs/localJobQueue';

// The queue of a single instance (no REDIS_URL): jobs run in this process in the order they
// were queued, retried as their kind asks, a key queued once while pending, periodic jobs at
// start and on their timer, and closing waits for what is queued.

const N = z.object({ n: z.number() });

function newQueue(shutdownGraceMs = 5_000) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { queue: new LocalJobQueue({ shutdownGraceMs }, log), log };
}

interface Sleeper {
  name: string;
  ms: number;
  /** Keyed by its n: one queued job per n while pending. */
  keyed?: boolean;
  onStart?: (n: number) => void;
  onEnd?: (n: number) => void;
}

/** A job of payload N that sleeps `ms` between its start and end, and answers n * 10. */
function defineSleeper(queue: LocalJobQueue, { name, ms, keyed, onStart, onEnd }: Sleeper) {
  return queue.define({
    name,
    payload: N,
    keyOf: keyed ? ({ n }) => `${name}-${n}` : undefined,
    run: async ({ n }) => {
      onStart?.(n);
      await sleep(ms);
      onEnd?.(n);
      return n * 10;
    },
  });
}

const soon = (check: () => unknown) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describe('LocalJobQueue', () => {
  const opened: LocalJobQueue[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
  });
  const started = async (shutdownGraceMs?: number) => {
    const made = newQueue(shutdownGraceMs);
    opened.push(made.queue);
    await made.queue.start();
    return made;
  };

  it('runs jobs one at a time in the order they were queued, and answers a result', async () => {
    const { queue } = await started();
    const order: string[] = [];
    const job = defineSleeper(queue, {
      name: 'ordered',
      ms: 5,
      onStart: (n) => order.push(`start ${n}`),
      onEnd: (n) => order.push(`end ${n}`),
    });
    await job.enqueue({ n: 1 });
    await job.enqueue({ n: 2 });
    expect(await job.enqueueAndWait({ n: 3 })).toBe(30);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('refuses a payload its kind does not accept, before queueing it', async () => {
    const { queue } = await started();
    const job = queue.define({ name: 'typed', payload: N, run: async () => undefined });
    await expect(job.enqueue({ n: 'one' } as unknown as { n: number })).rejects.toThrow(
      'Job "typed": bad payload',
    );
  });

  it('retries a failing job with backoff, letting the next jobs run meanwhile', async () => {
    const { queue, log } = await started();
    const runs: string[] = [];
    const flaky = queue.define({
      name: 'flaky',
      payload: N,
      attempts: 3,
      backoffMs: 30,
      run: async ({ n }, { attempt }) => {
        runs.push(`flaky ${attempt}`);
        if (attempt < 3) throw new Error(`not yet ${n}`);
        return attempt;
      },
    });
    const quick = queue.define({
      name: 'quick',
      payload: N,
      run: async () => {
        runs.push('quick');
      },
    });
    const result = flaky.enqueueAndWait({ n: 7 });
    await quick.enqueue({ n: 0 });
    expect(await result).toBe(3);
    expect(runs).toEqual(['flaky 1', 'quick', 'flaky 2', 'flaky 3']);
    expect(log.warn.mock.calls.map(([line]) => line)).toEqual([
      'Job flaky (flaky-1) failed on run 1 of 3, retrying: not yet 7',
      'Job flaky (flaky-1) failed on run 2 of 3, retrying: not yet 7',
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('fails a job after its last attempt, logging the error', async () => {
    const { queue, log } = await started();
    const doomed = queue.define({
      name: 'doomed',
      payload: N,
      attempts: 2,
      backoffMs: 1,
      run: async () => {
        throw new Error('broken');
      },
    });
    await expect(doomed.enqueueAndWait({ n: 1 })).rejects.toThrow('broken');
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'Job doomed (doomed-1) failed after 2 run(s): broken',
    );
    // A job nobody waits for fails the same way, without an unhandled rejection.
    await doomed.enqueue({ n: 2 });
    await soon(() => expect(log.error).toHaveBeenCalledTimes(2));
  });

  it('queues a job of a key once while one is pending', async () => {
    const { queue } = await started();
    const runs: number[] = [];
    const keyed = defineSleeper(queue, {
      name: 'keyed',
      ms: 10,
      keyed: true,
      onStart: (n) => runs.push(n),
    });
    const ids = await Promise.all([keyed.enqueue({ n: 1 }), keyed.enqueue({ n: 1 })]);
    expect(ids).toEqual(['keyed-1', 'keyed-1']);
    await keyed.enqueueAndWait({ n: 2 });
    expect(runs).toEqual([1, 2]);
  });

  it('runs a periodic job at start and once every period', async () => {
    const { queue } = newQueue();
    opened.push(queue);
    let runs = 0;
    queue.every({
      name: 'tick',
      everyMs: 50,
      run: async () => {
        runs++;
      },
    });
    expect(runs).toBe(0);
    await queue.start();
    await soon(() => expect(runs).toBe(1));
    await soon(() => expect(runs).toBeGreaterThanOrEqual(3));
  });

  it('waits on close for the running and queued jobs, retries included', async () => {
    const { queue } = await started();
    const done: string[] = [];
    let failures = 0;
    const slow = defineSleeper(queue, {
      name: 'slow',
      ms: 20,
      onEnd: (n) => done.push(`slow ${n}`),
    });
    const retried = queue.define({
      name: 'retried',
      payload: N,
      attempts: 2,
      backoffMs: 60_000,
      run: async () => {
        if (failures++ === 0) throw new Error('once');
        done.push('retried');
      },
    });
    await retried.enqueue({ n: 0 });
    await slow.enqueue({ n: 1 });
    await slow.enqueue({ n: 2 });
    await queue.close();
    expect(done).toEqual(['slow 1', 'slow 2', 'retried']);
    await expect(slow.enqueue({ n: 3 })).rejects.toThrow('the job queue is closed');
  });

  it('aborts what is still running after the shutdown grace, and says so', async () => {
    const { queue, log } = await started(50);
    let aborted = false;
    const stuck = queue.define({
      name: 'stuck',
      payload: N,
      run: (_payload, { signal }) =>
        new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          }),
        ),
    });
    await stuck.enqueue({ n: 1 });
    await queue.close();
    expect(aborted).toBe(true);
    expect(log.warn).toHaveBeenCalledWith('1 job(s) were not done at shutdown and are dropped.');
  });

  it('rejects the wait for a job dropped at shutdown, rather than leave it waiting', async () => {
    const { queue, log } = await started(50);
    const stuck = queue.define({
      name: 'stuck',
      payload: N,
      run: (_payload, { signal }) =>
        new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
    });
    const queued = queue.define({ name: 'queued', payload: N, run: async ({ n }) => n });
    await stuck.enqueue({ n: 1 });
    const waited = queued.enqueueAndWait({ n: 2 });
    const settled = waited.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await queue.close();
    // A wait left pending would hang here until the test's own timeout fails it.
    const outcome = await settled;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe(
      'Job queued (queued-2) was not done at shutdown and is dropped.',
    );
    expect(log.warn).toHaveBeenCalledWith('2 job(s) were not done at shutdown and are dropped.');
  });
});
