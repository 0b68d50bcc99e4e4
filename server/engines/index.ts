import type { Dialect } from '../../common/analytics';
import { isSourceType } from '../../common/sourceTypes';
import { badRequest } from '../errors';
import type { Connector, ConnectorContext, SourceToOpen, TestAnswer } from './connector';
import type { CheckedHost } from './hostPolicy';
import { ENGINES } from './registry';
import type { SqlDialect } from './sqlDialect';

// What the rest of the server asks of a source's engine (registry.ts): open its connector,
// test it, check its user, and the dialect the compiler writes for it. The open connectors are
// kept per source by features/sources/sourceConnectors.ts.

function engineOf(type: string) {
  if (!isSourceType(type)) throw badRequest(`Unknown data source type "${type}".`, 'type');
  return ENGINES[type];
}

/**
 * A new connector for `source` (password already decrypted). Network sources are checked
 * against the host policy first; a refused host is a 400 naming the `host` field.
 */
export async function openConnector(
  source: SourceToOpen,
  context: ConnectorContext,
): Promise<Connector> {
  return engineOf(String(source.type)).open(source, context);
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

/**
 * What the source's user holds beyond reading (empty when nothing, or for a type without
 * users), or null when it could not connect: saving an unreachable source stays possible, and
 * its test connection says why. One throw-away connection as the configured user.
 */
export async function privilegesOfSourceUser(
  source: SourceToOpen,
  checked: CheckedHost,
): Promise<string[] | null> {
  const check = engineOf(String(source.type)).userPrivileges;
  return check ? check(source.config, checked) : [];
}

/** The SQL dialect the query compiler writes for a source of `dialect`'s type. */
export function sqlDialectOf(dialect: Dialect): SqlDialect {
  return ENGINES[dialect].dialect;
}
