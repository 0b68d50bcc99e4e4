import { performance } from 'node:perf_hooks';
import type { BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';
import type { ProcessFootprint } from './processFootprint';
import { median, round2 } from './statistics';
import { askSql, createTenant, SMALL_QUERY, type BenchTenant } from './tenantApi';

// Tenants on one node: accounts are created through the API up to each step of `steps`, each
// with a small table it asks one query of; the server's memory, threads and descriptors are
// read after each step. Then the first query of tenants whose warehouses were opened long
// ago (closed since, where warehouses are a cache) against the same query asked again warm.

export interface TenantStep extends ProcessFootprint {
  tenants: number;
  secondsToCreate: number;
  openWarehouses: number;
}

interface CacheCounts {
  openWarehouses: number;
  resultCacheBytes: number;
}

async function stepAt(server: BenchChild, tenants: number, secondsToCreate: number) {
  const footprint = await server.call<ProcessFootprint>('footprint');
  const { openWarehouses } = await server.call<CacheCounts>('cacheCounts');
  return { tenants, secondsToCreate, openWarehouses, ...footprint };
}

export interface TenantsOnNodeFigures {
  steps: TenantStep[];
  coldMs: number;
  warmMs: number;
  coldRatio: number;
}

const COLD_SAMPLES = 20;
/** Tenants created at once: the server is busy, the runner is not the bottleneck. */
const CREATE_CONCURRENCY = 8;

async function createTenants(
  server: BenchChild,
  platform: BenchSession,
  from: number,
  to: number,
  made: BenchTenant[],
): Promise<void> {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const index = next++;
      const tenant = await createTenant(server, platform, `bench-tenant-${index}`);
      await askSql(server.url, tenant, SMALL_QUERY);
      made[index] = tenant;
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
}

async function timedQuery(server: BenchChild, tenant: BenchTenant): Promise<number> {
  const started = performance.now();
  await askSql(server.url, tenant, SMALL_QUERY);
  return performance.now() - started;
}

export async function benchTenantsOnNode(
  server: BenchChild,
  platform: BenchSession,
  steps: number[],
  log: (text: string) => void,
): Promise<TenantsOnNodeFigures> {
  await server.call('configureCache', { cacheTtlMs: 0 });
  const made: BenchTenant[] = [];
  const figures: TenantStep[] = [await stepAt(server, 0, 0)];
  for (const target of steps) {
    const started = performance.now();
    await createTenants(server, platform, made.length, target, made);
    const secondsToCreate = round2((performance.now() - started) / 1000);
    const step = await stepAt(server, target, secondsToCreate);
    figures.push(step);
    log(
      `  ${target} tenants: ${step.rssMb} MB, ${step.threads} threads, ` +
        `${step.descriptors} descriptors, ${step.openWarehouses} warehouses open ` +
        `(${secondsToCreate} s to create)`,
    );
  }
  // The oldest tenants' warehouses are the least recently used.
  const oldest = made.slice(0, COLD_SAMPLES);
  const cold: number[] = [];
  const warm: number[] = [];
  for (const tenant of oldest) {
    cold.push(await timedQuery(server, tenant));
    warm.push(await timedQuery(server, tenant));
  }
  await server.call('configureCache', { cacheTtlMs: 60_000 });
  const coldMs = round2(median(cold));
  const warmMs = round2(median(warm));
  return { steps: figures, coldMs, warmMs, coldRatio: round2(coldMs / warmMs) };
}
