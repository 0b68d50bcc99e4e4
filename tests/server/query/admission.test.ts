import { performance } from 'node:perf_hooks';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { QueryError } from '../../../server/engines/queryError';
import { ApiError } from '../../../server/errors';
import {
  QueryAdmission,
  SHORT_RUN_MS,
  type AdmissionLimits,
} from '../../../server/query/admission';

// The admission controller alone, with real promises and timers: work is finished by hand.

const LIMITS: AdmissionLimits = {
  slots: 2,
  runningPerTenant: 1,
  waitingPerTenant: 3,
  waitingTotal: 10,
};

/** A budget that started now and lasts `timeoutMs`. */
const budget = (timeoutMs = 60_000) => ({ arrivedAt: performance.now(), timeoutMs });

/** Work that records its start (and the budget it was given) and ends when told. */
function jobs() {
  const started: string[] = [];
  const remaining: Record<string, number> = {};
  const finishers = new Map<string, () => void>();
  const work = (name: string) => (remainingMs: number) => {
    started.push(name);
    remaining[name] = remainingMs;
    return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
  };
  const finish = async (name: string) => {
    finishers.get(name)!();
    // Let the release and the next start run.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, remaining, work, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('QueryAdmission', () => {
  it('runs at once while slots are free, then queues', async () => {
    const admission = new QueryAdmission(LIMITS);
    const { started, work, finish } = jobs();
    const a = admission.run(1, budget(), undefined, work('a1'));
    const b = admission.run(2, budget(), undefined, work('b1'));
    const c = admission.run(3, budget(), undefined, work('c1'));
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    expect(admission.running).toBe(2);
    expect(admission.waiting).toBe(1);
    expect(admission.counts(3)).toEqual({ running: 0, waiting: 1 });
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'c1']);
    await finish('b1');
    await finish('c1');
    expect(await Promise.all([a, b, c])).toEqual(['a1', 'b1', 'c1']);
    expect(admission.running).toBe(0);
    expect(admission.waiting).toBe(0);
  });

  it('gives a freed slot to the tenants in turn, not to the one that queued most', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1, waitingPerTenant: 5 });
    const { started, work, finish } = jobs();
    const all = [
      admission.run(1, budget(), undefined, work('a1')),
      admission.run(1, budget(), undefined, work('a2')),
      admission.run(1, budget(), undefined, work('a3')),
      admission.run(1, budget(), undefined, work('a4')),
      admission.run(2, budget(), undefined, work('b1')),
      admission.run(3, budget(), undefined, work('c1')),
      admission.run(2, budget(), undefined, work('b2')),
    ];
    await settle();
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']) await finish(name);
    await Promise.all(all);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('gives a freed slot to a waiting tenant before a busier one that queued first', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 2, runningPerTenant: 2 });
    const { started, work, finish } = jobs();
    const all = [
      admission.run(1, budget(), undefined, work('a1')),
      admission.run(1, budget(), undefined, work('a2')),
      admission.run(1, budget(), undefined, work('a3')),
      admission.run(2, budget(), undefined, work('b1')),
    ];
    await settle();
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    for (const name of ['a2', 'b1', 'a3']) await finish(name);
    await Promise.all(all);
  });

  it('keeps a tenant to its running bound even with slots free', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 4, runningPerTenant: 2 });
    const { started, work, finish } = jobs();
    const all = ['a1', 'a2', 'a3'].map((name) => admission.run(1, budget(), undefined, work(name)));
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    expect(admission.counts(1)).toEqual({ running: 2, waiting: 1 });
    await finish('a2');
    expect(started).toEqual(['a1', 'a2', 'a3']);
    await finish('a1');
    await finish('a3');
    await Promise.all(all);
  });

  it("answers 503 with Retry-After once the tenant's waiting bound is reached", async () => {
    const admission = new QueryAdmission(LIMITS);
    const { work, finish } = jobs();
    const queued = ['a1', 'a2', 'a3', 'a4'].map((name) =>
      admission.run(1, budget(), undefined, work(name)),
    );
    const refused = await admission.run(1, budget(), undefined, work('a5')).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toMatch(/3 queries waiting \(the limit per account\)/);
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    // Another tenant still gets in.
    const other = admission.run(2, budget(), undefined, work('b1'));
    await settle();
    await finish('b1');
    expect(await other).toBe('b1');
    for (const name of ['a1', 'a2', 'a3', 'a4']) await finish(name);
    await Promise.all(queued);
  });

  it('answers 503 once the waiting bound of the whole server is reached', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1, waitingTotal: 2 });
    const { work, finish } = jobs();
    const queued = [
      admission.run(1, budget(), undefined, work('a1')),
      admission.run(2, budget(), undefined, work('b1')),
      admission.run(3, budget(), undefined, work('c1')),
    ];
    const refused = await admission.run(4, budget(), undefined, work('d1')).catch((e) => e);
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toMatch(/server already has 2 queries waiting/);
    expect(refused.headers['Retry-After']).toMatch(/^\d+$/);
    for (const name of ['a1', 'b1', 'c1']) await finish(name);
    await Promise.all(queued);
  });

  it('removes an aborted waiting query at once and leaves the running ones alone', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1 });
    const { started, work, finish } = jobs();
    const running = admission.run(1, budget(), undefined, work('a1'));
    const client = new AbortController();
    const leaving = admission.run(2, budget(), client.signal, work('b1'));
    const staying = admission.run(3, budget(), undefined, work('c1'));
    expect(admission.waiting).toBe(2);
    client.abort();
    const error = await leaving.catch((e) => e);
    expect(error).toBeInstanceOf(QueryError);
    expect(error.kind).toBe('cancelled');
    expect(admission.waiting).toBe(1);
    expect(admission.running).toBe(1);
    await finish('a1');
    await finish('c1');
    expect(await running).toBe('a1');
    expect(await staying).toBe('c1');
    expect(started).toEqual(['a1', 'c1']);
  });

  it('refuses an already aborted request without running it', async () => {
    const admission = new QueryAdmission(LIMITS);
    const { started, work } = jobs();
    const error = await admission.run(1, budget(), AbortSignal.abort(), work('a1')).catch((e) => e);
    expect(error.kind).toBe('cancelled');
    expect(started).toEqual([]);
  });

  it('times out a query that waits past its budget without running it', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1 });
    const { started, work, finish } = jobs();
    const running = admission.run(1, budget(), undefined, work('a1'));
    const error = await admission.run(2, budget(50), undefined, work('b1')).catch((e) => e);
    expect(error).toBeInstanceOf(QueryError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Query stopped: it ran longer than the 50 ms limit.');
    expect(admission.waiting).toBe(0);
    await finish('a1');
    await running;
    expect(started).toEqual(['a1']);
  });

  it('hands the work only what is left of the budget', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1 });
    const { remaining, work, finish } = jobs();
    const first = admission.run(1, budget(), undefined, work('a1'));
    // Arrived five seconds ago with a limit of ten.
    const arrivedEarlier = { arrivedAt: performance.now() - 5_000, timeoutMs: 10_000 };
    const second = admission.run(2, arrivedEarlier, undefined, work('b1'));
    await finish('a1');
    await finish('b1');
    await Promise.all([first, second]);
    expect(remaining.a1).toBeGreaterThan(5_000);
    expect(remaining.b1).toBeLessThanOrEqual(5_000);
    expect(remaining.b1).toBeGreaterThan(0);
  });

  it('frees the slot of work that failed', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1 });
    const failed = admission.run(1, budget(), undefined, () => Promise.reject(new Error('boom')));
    const next = admission.run(2, budget(), undefined, () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect(admission.running).toBe(0);
  });

  it('uses room made by new limits at once', async () => {
    const admission = new QueryAdmission({ ...LIMITS, slots: 1 });
    const { started, work, finish } = jobs();
    const all = [
      admission.run(1, budget(), undefined, work('a1')),
      admission.run(2, budget(), undefined, work('b1')),
    ];
    await settle();
    expect(started).toEqual(['a1']);
    admission.configure({ ...LIMITS, slots: 2 });
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    await finish('b1');
    await Promise.all(all);
  });

  it("runs a lone tenant's dashboard at its share, in order, and starts a newcomer's query at once", async () => {
    // Each warehouse has every core (duckdbLimits.ts): one running query of a lone tenant uses
    // the whole machine, and a newcomer's query runs beside it, not after the dashboard.
    const admission = new QueryAdmission({ ...LIMITS, slots: 3, waitingPerTenant: 8 });
    const { started, work, finish } = jobs();
    const charts = ['c1', 'c2', 'c3', 'c4'];
    const dashboard = charts.map((name) => admission.run(1, budget(), undefined, work(name)));
    await settle();
    expect(started).toEqual(['c1']);
    const small = admission.run(2, budget(), undefined, work('small'));
    await settle();
    expect(started).toEqual(['c1', 'small']);
    expect(admission.counts(1)).toEqual({ running: 1, waiting: 3 });
    await finish('c1');
    await finish('small');
    await finish('c2');
    await finish('c3');
    expect(started).toEqual(['c1', 'small', 'c2', 'c3', 'c4']);
    await finish('c4');
    await Promise.all([...dashboard, small]);
  });

  describe('a tenant whose queries are short', () => {
    const WIDE: AdmissionLimits = { ...LIMITS, slots: 4, runningPerTenant: 2 };
    /** One query of `accountId` that ends at once: its run time is taken as short. */
    const quick = (admission: QueryAdmission, accountId: number) =>
      admission.run(accountId, budget(), undefined, () => Promise.resolve('quick'));

    it('borrows every slot but one while no other tenant waits', async () => {
      const admission = new QueryAdmission(WIDE);
      await quick(admission, 1);
      const { started, work, finish } = jobs();
      const all = ['a1', 'a2', 'a3', 'a4'].map((name) =>
        admission.run(1, budget(), undefined, work(name)),
      );
      await settle();
      expect(started).toEqual(['a1', 'a2', 'a3']);
      // The slot kept free goes to another tenant at once.
      const other = admission.run(2, budget(), undefined, work('b1'));
      await settle();
      expect(started).toEqual(['a1', 'a2', 'a3', 'b1']);
      for (const name of ['a1', 'a2', 'a3', 'b1', 'a4']) await finish(name);
      await Promise.all([...all, other]);
    });

    it('keeps to its share once another tenant waits', async () => {
      const admission = new QueryAdmission(WIDE);
      await quick(admission, 1);
      const { started, work, finish } = jobs();
      const borrowed = ['a1', 'a2', 'a3'].map((name) =>
        admission.run(1, budget(), undefined, work(name)),
      );
      const b1 = admission.run(2, budget(), undefined, work('b1'));
      await settle();
      expect(started).toEqual(['a1', 'a2', 'a3', 'b1']);
      const waiting = [
        admission.run(1, budget(), undefined, work('a4')),
        admission.run(2, budget(), undefined, work('b2')),
      ];
      await finish('a1');
      // Tenant 1 still runs two, its share: the freed slot goes to tenant 2's waiting query.
      expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
      await finish('a2');
      expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'a4']);
      for (const name of ['a3', 'b1', 'b2', 'a4']) await finish(name);
      await Promise.all([...borrowed, b1, ...waiting]);
    });

    it('borrows nothing when its queries are long, or before one has been timed', async () => {
      // The runs' durations are the subject: only the clock they are timed by is faked.
      vi.useFakeTimers({ toFake: ['performance'] });
      onTestFinished(() => void vi.useRealTimers());
      const admission = new QueryAdmission(WIDE);
      const { started, work, finish } = jobs();
      const untimed = ['a1', 'a2', 'a3'].map((name) =>
        admission.run(1, budget(), undefined, work(name)),
      );
      await settle();
      expect(started).toEqual(['a1', 'a2']);
      vi.advanceTimersByTime(2 * SHORT_RUN_MS);
      for (const name of ['a1', 'a2', 'a3']) await finish(name);
      await Promise.all(untimed);

      // Two of its three runs took twice SHORT_RUN_MS: the tenant's average is long.
      const later = ['a4', 'a5', 'a6'].map((name) =>
        admission.run(1, budget(), undefined, work(name)),
      );
      await settle();
      expect(started.slice(3)).toEqual(['a4', 'a5']);
      for (const name of ['a4', 'a5', 'a6']) await finish(name);
      await Promise.all(later);
    });
  });
});
