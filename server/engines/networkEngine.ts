import type { DataSourceConfig } from '../../common/analytics';
import { defaultSourcePort } from '../../common/sourceTypes';
import type { Connector, ConnectorContext, SourceToOpen } from './connector';
import type { EngineSpec } from './engineSpec';
import { checkSourceHost, metadataDatabaseFromUrl, type CheckedHost } from './hostPolicy';

// The engine of a source reached over the network (PostgreSQL, MySQL, ClickHouse): its host is
// checked against the host policy (docs/architecture.md §7) before anything connects, and the
// connector connects to the address the check resolved.

/** The source's host, checked against the context's policy (no allowed list: no private host). */
function checkedHost(source: SourceToOpen, context: ConnectorContext): Promise<CheckedHost> {
  const policy = {
    allowedHosts: context.allowedHosts ?? [],
    metadataDatabase: metadataDatabaseFromUrl(context.metadataDatabaseUrl),
  };
  return checkSourceHost(source.config, policy, defaultSourcePort(source.type, source.config.ssl));
}

export function networkEngine(parts: {
  dialect: EngineSpec['dialect'];
  connect(config: DataSourceConfig, checked: CheckedHost, context: ConnectorContext): Connector;
  userPrivileges: NonNullable<EngineSpec['userPrivileges']>;
}): EngineSpec {
  return {
    dialect: parts.dialect,
    open: async (source, context) =>
      parts.connect(source.config, await checkedHost(source, context), context),
    userPrivileges: parts.userPrivileges,
  };
}
