import type { DataSourceConfig } from '../../../common/analytics';
import type { CheckedHost } from '../hostPolicy';
import { networkEngine } from '../networkEngine';
import { createClickhouseClient, readServerFacts } from './client';
import { openClickhouseConnector } from './connector';
import { clickhouseDialect } from './dialect';
import { clickhousePrivileges } from './privileges';

// ClickHouse sources (registry.ts): the connector over its HTTP interface, the dialect, the user
// check.

/** What the source's user holds beyond reading, or null when it could not connect. */
async function clickhouseUserPrivileges(
  config: DataSourceConfig,
  checked: CheckedHost,
): Promise<string[] | null> {
  const client = createClickhouseClient(config, checked);
  try {
    const facts = await readServerFacts(client).catch(() => null);
    return facts && clickhousePrivileges(facts.readonly);
  } finally {
    await client.close().catch(() => undefined);
  }
}

export const clickhouseEngine = networkEngine({
  dialect: clickhouseDialect,
  connect: openClickhouseConnector,
  userPrivileges: clickhouseUserPrivileges,
});
