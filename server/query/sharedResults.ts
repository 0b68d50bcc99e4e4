import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Redis } from 'ioredis';
import type { QueryResult } from '../../common/analytics';
import { AbortedError } from './singleFlight';

// Chart query results shared by the instances over one store (REDIS_URL): a result one
// instance ran is a hit on all of them, and identical queries arriving at several instances at
// once run once at the source. Below each instance's own cache (resultCache.ts) and single
// flight: those collapse an instance's own requests, this collapses the instances'.
//
// Results are stored gzipped, each at most MAX_ENTRY_BYTES, under the tenant and source, with
// an index per source so that a change to the source drops them (and an account's sources, so
// that a deleted account drops all). One tenant keeps at most MAX_ENTRIES_PER_SOURCE results
// of a source, the oldest out first. When Redis is away every instance simply runs its own.

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Larger results stay in their instance's cache only. */
const MAX_ENTRY_BYTES = 1024 * 1024;
const MAX_ENTRIES_PER_SOURCE = 500;
/** How often an instance waiting for another's run looks for its result. */
const POLL_MS = 25;
/** A run whose instance went silent this long is taken over. */
const CLAIM_MS = 10_000;

export interface SharedResultsOptions {
  /**
   * The engine's settings now: how long a result is kept (the cache TTL; 0 turns sharing
   * off), and the longest a query may run (waiting for another instance's run gives up then).
   */
  settings: () => { cacheTtlMs: number; timeoutMs: number };
  warn: (message: string) => void;
}

const digest = (key: string) => createHash('sha256').update(key).digest('base64url');

export class SharedResults {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: SharedResultsOptions,
  ) {}

  private ttlMs(): number {
    return this.options.settings().cacheTtlMs;
  }

  private resultKey(accountId: number, key: string): string {
    return `${this.prefix}:result:${accountId}:${digest(key)}`;
  }

  private sourceIndex(accountId: number, sourceId: number): string {
    return `${this.prefix}:results-of:${accountId}:${sourceId}`;
  }

  private accountIndex(accountId: number): string {
    return `${this.prefix}:sources-of:${accountId}`;
  }

  /** The result another instance (or this one) kept for `key`, if any. */
  async get(accountId: number, key: string): Promise<QueryResult | undefined> {
    if (this.ttlMs() <= 0) return undefined;
    try {
      const packed = await this.redis.getBuffer(this.resultKey(accountId, key));
      return packed
        ? (JSON.parse((await unzip(packed)).toString('utf8')) as QueryResult)
        : undefined;
    } catch (error) {
      this.options.warn(`Shared results unread: ${(error as Error).message}`);
      return undefined;
    }
  }

  async set(accountId: number, sourceId: number, key: string, result: QueryResult): Promise<void> {
    const ttl = this.ttlMs();
    if (ttl <= 0) return;
    try {
      const packed = await zip(JSON.stringify(result));
      if (packed.length > MAX_ENTRY_BYTES) return;
      const name = this.resultKey(accountId, key);
      const index = this.sourceIndex(accountId, sourceId);
      await this.redis
        .multi()
        .set(name, packed, 'PX', ttl)
        .zadd(index, Date.now(), name)
        .pexpire(index, ttl)
        .sadd(this.accountIndex(accountId), String(sourceId))
        .exec();
      await this.trim(index);
    } catch (error) {
      this.options.warn(`Shared result not kept: ${(error as Error).message}`);
    }
  }

  /** Drops the oldest results of a source beyond MAX_ENTRIES_PER_SOURCE. */
  private async trim(index: string): Promise<void> {
    const excess = (await this.redis.zcard(index)) - MAX_ENTRIES_PER_SOURCE;
    if (excess <= 0) return;
    const oldest = await this.redis.zpopmin(index, excess);
    const names = oldest.filter((_, i) => i % 2 === 0);
    if (names.length > 0) await this.redis.del(...names);
  }

  async forgetSource(accountId: number, sourceId: number): Promise<void> {
    try {
      const index = this.sourceIndex(accountId, sourceId);
      const names = await this.redis.zrange(index, 0, -1);
      await this.redis.del(index, ...names);
    } catch (error) {
      this.options.warn(`Shared results of a source not dropped: ${(error as Error).message}`);
    }
  }

  async forgetAccount(accountId: number): Promise<void> {
    try {
      const sources = await this.redis.smembers(this.accountIndex(accountId));
      await Promise.all(sources.map((id) => this.forgetSource(accountId, Number(id))));
      await this.redis.del(this.accountIndex(accountId));
    } catch (error) {
      this.options.warn(`Shared results of an account not dropped: ${(error as Error).message}`);
    }
  }

  /**
   * `run`'s result, run by this instance unless another already runs the same query: then
   * its result, once kept. The run is claimed in Redis for CLAIM_MS at a time and released
   * after `keep` (which shares the result) is done; an instance that stopped renewing its claim
   * (it died) is taken over, and one whose run failed releases it at once.
   */
  async runOnce(
    accountId: number,
    key: string,
    work: { run: () => Promise<QueryResult>; keep: (result: QueryResult) => Promise<void> },
    signal: AbortSignal,
  ): Promise<QueryResult> {
    const runHere = async () => {
      const result = await work.run();
      await work.keep(result);
      return result;
    };
    if (this.ttlMs() <= 0) return runHere();
    const claim = `${this.prefix}:running:${accountId}:${digest(key)}`;
    const deadline = Date.now() + this.options.settings().timeoutMs;
    for (;;) {
      if (signal.aborted) throw new AbortedError();
      const kept = await this.get(accountId, key);
      if (kept) return kept;
      if (await this.claim(claim)) return this.runClaimed(claim, runHere);
      if (Date.now() > deadline) return runHere();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Whether this instance now holds the claim (true too when Redis cannot tell). */
  private async claim(name: string): Promise<boolean> {
    try {
      return (await this.redis.set(name, '1', 'PX', CLAIM_MS, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  private async runClaimed(name: string, run: () => Promise<QueryResult>): Promise<QueryResult> {
    const renew = setInterval(() => {
      this.redis.pexpire(name, CLAIM_MS).catch(() => undefined);
    }, CLAIM_MS / 3);
    try {
      return await run();
    } finally {
      clearInterval(renew);
      // Released once the result is kept, or at once on a failure, so that a waiting
      // instance then runs it itself.
      this.redis.del(name).catch(() => undefined);
    }
  }
}
