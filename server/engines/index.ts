import { badRequest } from '../http/errors';
import type { Connector, ConnectorContext, SourceToOpen, TestAnswer } from './connector';
import { openDuckdbConnector } from './duckdbConnector';
import { checkSourceHost, metadataDatabaseFromUrl, type HostPolicy } from './hostPolicy';
import { openMysqlConnector } from './mysqlConnector';
import { openPostgresConnector } from './postgresConnector';
import { openSqliteConnector } from './sqliteConnector';

// Opens the connector of a data source, and keeps one open connector (with its pool) per
// source id, replaced when the source's settings change and closed on update/delete.

export type { Connector, ConnectorContext, RunOptions, SourceToOpen } from './connector';

/** The context's policy (from the server config); no allowed list allows no private host. */
export function hostPolicyOf(context: ConnectorContext): HostPolicy {
  return {
    allowedHosts: context.allowedHosts ?? [],
    metadataDatabase: metadataDatabaseFromUrl(context.metadataDatabaseUrl),
  };
}

/**
 * A new connector for `source` (password already decrypted). Network sources are checked
 * against the host policy first; a refused host is a 400 naming the `host` field.
 */
export async function openConnector(
  source: SourceToOpen,
  context: ConnectorContext,
): Promise<Connector> {
  switch (source.type) {
    case 'duckdb':
      return openDuckdbConnector(context);
    case 'sqlite':
      return openSqliteConnector(source.config, context);
    case 'postgres': {
      const checked = await checkSourceHost(source.config, hostPolicyOf(context), 5432);
      return openPostgresConnector(source.config, checked, context);
    }
    case 'mysql': {
      const checked = await checkSourceHost(source.config, hostPolicyOf(context), 3306);
      return openMysqlConnector(source.config, checked, context);
    }
    default:
      throw badRequest(`Unknown data source type "${String(source.type)}".`, 'type');
  }
}

/** Test connection: opens a throw-away connector and answers { ok, message }, never throws. */
export async function testSource(
  source: SourceToOpen,
  context: ConnectorContext,
): Promise<TestAnswer> {
  let connector: Connector | undefined;
  try {
    connector = await openConnector(source, context);
    return await connector.test();
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  } finally {
    await connector?.close().catch(() => undefined);
  }
}

interface CachedConnector {
  sourceId: number;
  fingerprint: string;
  connector: Promise<Connector>;
}

// Keyed by data folder and source id: several servers (tests) may share one process.
const cache = new Map<string, CachedConnector>();
const keyOf = (sourceId: number, dataDir: string) => `${dataDir}\u0000${sourceId}`;

function fingerprintOf(source: SourceToOpen, context: ConnectorContext): string {
  return JSON.stringify([source.type, source.config, context.dataDir, context.accountId]);
}

/** The shared connector of source `sourceId`, opened on first use. */
export async function connectorFor(
  sourceId: number,
  source: SourceToOpen,
  context: ConnectorContext,
): Promise<Connector> {
  const key = keyOf(sourceId, context.dataDir);
  const fingerprint = fingerprintOf(source, context);
  const cached = cache.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached.connector;
  if (cached) await closeEntry(key);
  const connector = openConnector(source, context);
  cache.set(key, { sourceId, fingerprint, connector });
  connector.catch(() => {
    if (cache.get(key)?.connector === connector) cache.delete(key);
  });
  return connector;
}

async function closeEntry(key: string): Promise<void> {
  const cached = cache.get(key);
  if (!cached) return;
  cache.delete(key);
  const connector = await cached.connector.catch(() => undefined);
  await connector?.close().catch(() => undefined);
}

/**
 * Closes the shared connector of a source (call on source update and delete); of that data
 * folder only when `dataDir` is given.
 */
export async function closeConnector(sourceId: number, dataDir?: string): Promise<void> {
  const keys = [...cache.entries()]
    .filter(
      ([key, entry]) =>
        entry.sourceId === sourceId && (!dataDir || key === keyOf(sourceId, dataDir)),
    )
    .map(([key]) => key);
  await Promise.all(keys.map(closeEntry));
}

/** Closes every shared connector (server shutdown). */
export async function closeAllConnectors(): Promise<void> {
  await Promise.all([...cache.keys()].map(closeEntry));
}
