import { cancelledError, timeoutError } from '../engines/queryError';
import { mostRunningOfOneTenant } from '../config';
import { ApiError } from '../errors';

// Admission in front of connector execution: a bounded number of queries run at once, each
// tenant may hold only a few of them and queue only a few more, and a freed slot goes to the
// next tenant in turn, so one busy tenant cannot starve the others. A query's time limit
// counts from its arrival: one that waits past it leaves with the timeout error and never runs.
//
// A tenant whose queries are short (a dashboard opening, an API client asking many charts)
// may borrow every slot but one while no other tenant waits: each warehouse runs a query on
// one thread, and two at once leave the cores idle between queries. A tenant whose queries
// are long keeps to its share, since a running query cannot be paused for a neighbour's.

export interface AdmissionLimits {
  /** Queries running at once over all tenants. */
  slots: number;
  /** Queries of one tenant running at once. */
  runningPerTenant: number;
  /** Queries of one tenant waiting for a slot. */
  waitingPerTenant: number;
  /** Queries waiting over all tenants. */
  waitingTotal: number;
}

export interface AdmissionBudget {
  /** performance.now() when the request arrived. */
  arrivedAt: number;
  /** The query's whole time limit, waiting included. */
  timeoutMs: number;
}

export interface TenantCounts {
  running: number;
  waiting: number;
}

interface Waiter {
  start: () => void;
}

interface Tenant {
  running: number;
  queue: Waiter[];
  /** When the tenant last started a query (a count of starts, 0 for never). */
  servedAt: number;
}

/** Until a run has been timed, a query is taken to last this long (Retry-After estimate). */
const FIRST_RUN_ESTIMATE_MS = 1_000;
const MAX_RETRY_AFTER_SECONDS = 60;
/** A tenant whose runs average less than this may borrow idle slots. */
export const SHORT_RUN_MS = 250;
/** Tenants whose run times are remembered, the least recently active forgotten first. */
const REMEMBERED_TENANTS = 10_000;
/** Weight of the newest run in a moving average of run times. */
const NEWEST_RUN_WEIGHT = 0.2;

const movingAverage = (average: number, newest: number) =>
  (1 - NEWEST_RUN_WEIGHT) * average + NEWEST_RUN_WEIGHT * newest;

export class QueryAdmission {
  private readonly tenants = new Map<number, Tenant>();
  // Moving average of each tenant's run times, the most recently used last (kept while idle).
  private readonly runTimes = new Map<number, number>();
  // Tenants with queued queries, in the order they started queuing.
  private readonly turns = new Set<number>();
  private starts = 0;
  private runningTotal = 0;
  private waitingCount = 0;
  private averageRunMs = FIRST_RUN_ESTIMATE_MS;

  constructor(private limits: AdmissionLimits) {}

  /** New limits; queries already running or waiting stay, and freed room is used at once. */
  configure(limits: AdmissionLimits): void {
    this.limits = limits;
    this.dispatch();
  }

  get running(): number {
    return this.runningTotal;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  counts(accountId: number): TenantCounts {
    const tenant = this.tenants.get(accountId);
    return { running: tenant?.running ?? 0, waiting: tenant?.queue.length ?? 0 };
  }

  /**
   * Runs `work` once a slot is the tenant's, handing it the time left of the budget. Rejects
   * with a 503 when the queues are full, the timeout error when the budget runs out while
   * waiting, and the cancelled error when `signal` aborts while waiting.
   */
  run<T>(
    accountId: number,
    budget: AdmissionBudget,
    signal: AbortSignal | undefined,
    work: (remainingMs: number) => Promise<T>,
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelledError());
    const tenant = this.tenantOf(accountId);
    if (this.mayStartNow(accountId, tenant)) return this.execute(accountId, tenant, budget, work);
    const full = this.fullError(tenant);
    if (full) {
      this.forgetIfIdle(accountId, tenant);
      return Promise.reject(full);
    }
    return this.wait(accountId, tenant, budget, signal, work);
  }

  /** Queues the query until dispatch starts it, the budget runs out or the signal aborts. */
  private wait<T>(
    accountId: number,
    tenant: Tenant,
    budget: AdmissionBudget,
    signal: AbortSignal | undefined,
    work: (remainingMs: number) => Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          stopWaiting();
          this.execute(accountId, tenant, budget, work).then(resolve, reject);
        },
      };
      const giveUp = (error: Error) => {
        stopWaiting();
        this.remove(accountId, tenant, waiter);
        reject(error);
      };
      const onAbort = () => giveUp(cancelledError());
      const timer = setTimeout(() => giveUp(timeoutError(budget.timeoutMs)), remainingOf(budget));
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.enqueue(accountId, tenant, waiter);
    });
  }

  private tenantOf(accountId: number): Tenant {
    let tenant = this.tenants.get(accountId);
    if (!tenant) {
      tenant = { running: 0, queue: [], servedAt: 0 };
      this.tenants.set(accountId, tenant);
    }
    return tenant;
  }

  private mayStartNow(accountId: number, tenant: Tenant): boolean {
    return (
      tenant.queue.length === 0 &&
      this.runningTotal < this.limits.slots &&
      tenant.running < this.runningCapOf(accountId)
    );
  }

  /**
   * Queries the tenant may run at once: its share, or every slot but one while its queries are
   * short and no other tenant waits.
   */
  private runningCapOf(accountId: number): number {
    const { runningPerTenant, slots } = this.limits;
    const averageRunMs = this.runTimes.get(accountId);
    const short = averageRunMs !== undefined && averageRunMs < SHORT_RUN_MS;
    const othersWait = this.turns.size > (this.turns.has(accountId) ? 1 : 0);
    if (!short || othersWait) return runningPerTenant;
    return mostRunningOfOneTenant(slots, runningPerTenant);
  }

  private recordRunTime(accountId: number, runMs: number): void {
    const average = this.runTimes.get(accountId);
    this.runTimes.delete(accountId);
    this.runTimes.set(accountId, average === undefined ? runMs : movingAverage(average, runMs));
    if (this.runTimes.size > REMEMBERED_TENANTS) {
      this.runTimes.delete(this.runTimes.keys().next().value!);
    }
  }

  /** The 503 to answer when the tenant's queue or the server's is full. */
  private fullError(tenant: Tenant): ApiError | undefined {
    if (tenant.queue.length >= this.limits.waitingPerTenant) {
      return this.full(
        `This account already has ${tenant.queue.length} queries waiting (the limit per account); try again shortly.`,
        tenant,
      );
    }
    if (this.waitingCount >= this.limits.waitingTotal) {
      return this.full(
        `The server already has ${this.waitingCount} queries waiting (its limit); try again shortly.`,
        tenant,
      );
    }
    return undefined;
  }

  /** 503 with an estimate of when the tenant's queue will have moved on by one query. */
  private full(message: string, tenant: Tenant): ApiError {
    const rounds = Math.floor(tenant.queue.length / Math.max(1, this.limits.runningPerTenant)) + 1;
    const seconds = Math.ceil((rounds * this.averageRunMs) / 1000);
    const retryAfter = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
    return new ApiError(503, message, undefined, { 'Retry-After': String(retryAfter) });
  }

  private enqueue(accountId: number, tenant: Tenant, waiter: Waiter): void {
    tenant.queue.push(waiter);
    this.waitingCount += 1;
    this.turns.add(accountId);
  }

  private remove(accountId: number, tenant: Tenant, waiter: Waiter): void {
    const index = tenant.queue.indexOf(waiter);
    if (index < 0) return;
    tenant.queue.splice(index, 1);
    this.waitingCount -= 1;
    if (tenant.queue.length === 0) this.turns.delete(accountId);
    this.forgetIfIdle(accountId, tenant);
  }

  private async execute<T>(
    accountId: number,
    tenant: Tenant,
    budget: AdmissionBudget,
    work: (remainingMs: number) => Promise<T>,
  ): Promise<T> {
    const remainingMs = remainingOf(budget);
    if (remainingMs <= 0) {
      this.forgetIfIdle(accountId, tenant);
      throw timeoutError(budget.timeoutMs);
    }
    tenant.running += 1;
    tenant.servedAt = ++this.starts;
    this.runningTotal += 1;
    const startedAt = performance.now();
    try {
      return await work(remainingMs);
    } finally {
      const runMs = performance.now() - startedAt;
      this.averageRunMs = movingAverage(this.averageRunMs, runMs);
      this.recordRunTime(accountId, runMs);
      tenant.running -= 1;
      this.runningTotal -= 1;
      this.forgetIfIdle(accountId, tenant);
      this.dispatch();
    }
  }

  /** Starts waiting queries while slots are free, one per tenant in turn. */
  private dispatch(): void {
    while (this.runningTotal < this.limits.slots) {
      const accountId = this.nextTurn();
      if (accountId === undefined) return;
      const tenant = this.tenants.get(accountId)!;
      const waiter = tenant.queue.shift()!;
      this.waitingCount -= 1;
      if (tenant.queue.length === 0) this.turns.delete(accountId);
      waiter.start();
    }
  }

  /**
   * Round robin: of the tenants with a query waiting and room to run it, the one that started
   * a query longest ago (a tenant just served goes last), the first to queue on a tie.
   */
  private nextTurn(): number | undefined {
    let next: number | undefined;
    let nextServedAt = Infinity;
    for (const accountId of this.turns) {
      const tenant = this.tenants.get(accountId)!;
      if (tenant.running >= this.runningCapOf(accountId)) continue;
      if (tenant.servedAt < nextServedAt) {
        next = accountId;
        nextServedAt = tenant.servedAt;
      }
    }
    return next;
  }

  private forgetIfIdle(accountId: number, tenant: Tenant): void {
    if (tenant.running === 0 && tenant.queue.length === 0) this.tenants.delete(accountId);
  }
}

function remainingOf(budget: AdmissionBudget): number {
  return budget.timeoutMs - (performance.now() - budget.arrivedAt);
}
