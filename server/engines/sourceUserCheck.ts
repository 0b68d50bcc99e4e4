import mysql from 'mysql2/promise';
import pg from 'pg';
import { createClickhouseClient, readServerFacts } from './clickhouseClient';
import type { SourceToOpen } from './connector';
import type { CheckedHost } from './hostPolicy';
import { mysqlConnectionOptions } from './mysqlConnector';
import { postgresClientConfig } from './postgresConnector';
import { clickhousePrivileges, mysqlPrivileges, postgresPrivileges } from './sourcePrivileges';

// The privilege check of a source being saved or tested (sourcePrivileges.ts): one throw-away
// connection as the configured user.

/**
 * What the source's user holds beyond reading (empty when nothing), or null when it could not
 * connect: saving an unreachable source stays possible, and its test connection says why.
 */
export async function privilegesOfSourceUser(
  source: SourceToOpen,
  checked: CheckedHost,
): Promise<string[] | null> {
  if (source.type === 'postgres') {
    const client = new pg.Client(postgresClientConfig(source.config, checked));
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch {
      return null;
    }
    try {
      return await postgresPrivileges(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  if (source.type === 'mysql') {
    const connection = await mysql
      .createConnection(mysqlConnectionOptions(source.config, checked))
      .catch(() => null);
    if (!connection) return null;
    try {
      return await mysqlPrivileges(connection);
    } finally {
      await connection.end().catch(() => undefined);
    }
  }
  if (source.type === 'clickhouse') {
    const client = createClickhouseClient(source.config, checked);
    try {
      const facts = await readServerFacts(client).catch(() => null);
      return facts && clickhousePrivileges(facts.readonly);
    } finally {
      await client.close().catch(() => undefined);
    }
  }
  return [];
}
