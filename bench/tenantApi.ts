import type { QueryResult } from '../common/analytics';
import { callApi, type BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';

// Tenants for the multi-tenant benchmarks, made through the API: the platform admin creates
// the account, the tenant's admin (a session the server writes, no sign-in's scrypt) uploads
// a small CSV into its warehouse and asks SQL of it.

export interface BenchTenant {
  site: string;
  session: BenchSession;
  warehouseId: number;
}

const SMALL_CSV = ['region,amount', 'north,10', 'south,20', 'east,7', 'west,3'].join('\n') + '\n';

async function uploadCsv(baseUrl: string, tenant: BenchTenant, table: string): Promise<void> {
  const form = new FormData();
  form.append('table', table);
  form.append('file', new Blob([SMALL_CSV]), `${table}.csv`);
  const answer = await fetch(`${baseUrl}/api/v1/datasources/${tenant.warehouseId}/uploads`, {
    method: 'POST',
    headers: tenant.session.headers,
    body: form,
  });
  if (answer.status !== 200) throw new Error(`Upload for ${tenant.site}: ${await answer.text()}`);
}

/** A new account `site` with its admin and a five-row table `sales` in its warehouse. */
export async function createTenant(
  server: BenchChild,
  platform: BenchSession,
  site: string,
): Promise<BenchTenant> {
  await callApi(server.url, platform, 'POST', '/api/v1/accounts', {
    site,
    name: site,
    plan: 'team',
  });
  const token = await server.call<string>('tenantAdminSession', { site });
  const session = { headers: { authorization: `Bearer ${token}`, site } };
  const sources = await callApi<{ id: number; type: string }[]>(
    server.url,
    session,
    'GET',
    '/api/v1/datasources',
  );
  const warehouse = sources.find((source) => source.type === 'duckdb');
  if (!warehouse) throw new Error(`${site} has no warehouse source.`);
  const tenant = { site, session, warehouseId: warehouse.id };
  await uploadCsv(server.url, tenant, 'sales');
  return tenant;
}

/** Explorer SQL on the tenant's warehouse. */
export function askSql(baseUrl: string, tenant: BenchTenant, sql: string): Promise<QueryResult> {
  return callApi<QueryResult>(baseUrl, tenant.session, 'POST', '/api/v1/sql', {
    sourceId: tenant.warehouseId,
    sql,
  });
}

/** The small query the benchmarks time for a tenant: a grouped sum of its five rows. */
export const SMALL_QUERY = 'select region, sum(amount) as total from sales group by region';
