import { defaultSourcePort } from '../../common/api/sources';
import { badRequest } from '../errors';
import { openClickhouseConnector } from './clickhouseConnector';
import type { Connector, ConnectorContext, SourceToOpen, TestAnswer } from './connector';
import { openDuckdbConnector } from './duckdbConnector';
import { checkSourceHost, metadataDatabaseFromUrl, type HostPolicy } from './hostPolicy';
import { openMysqlConnector } from './mysqlConnector';
import { openPostgresConnector } from './postgresConnector';
import { openSqliteConnector } from './sqliteConnector';

// Opens the connector of a data source (the open connectors are kept per source by
// analytics/sourceRepository).

/** The context's policy (from the server config); no allowed list allows no private host. */
function hostPolicyOf(context: ConnectorContext): HostPolicy {
  return {
    allowedHosts: context.allowedHosts ?? [],
    metadataDatabase: metadataDatabaseFromUrl(context.metadataDatabaseUrl),
  };
}

/** The host of a network source, checked against the policy; no port is the type's default. */
function checkedHost(source: SourceToOpen, context: ConnectorContext) {
  const port = defaultSourcePort(source.type, source.config.ssl);
  return checkSourceHost(source.config, hostPolicyOf(context), port);
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
    case 'postgres':
      return openPostgresConnector(source.config, await checkedHost(source, context), context);
    case 'mysql':
      return openMysqlConnector(source.config, await checkedHost(source, context), context);
    case 'clickhouse':
      return openClickhouseConnector(source.config, await checkedHost(source, context), context);
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
