import type { DataSourceConfig } from '../../common/analytics';
import type { Connector, ConnectorContext, SourceToOpen } from './connector';
import type { CheckedHost } from './hostPolicy';
import type { SqlDialect } from './sqlDialect';

// What the server knows of one source type: engines/<type>/engine.ts describes it, registry.ts
// lists them. What the web app and the API's schemas know of a type (its connection fields,
// default port, the editor's dialect) is common/sourceTypes.ts.

export interface EngineSpec {
  /** The SQL the query compiler writes for a source of this type. */
  dialect: SqlDialect;
  /**
   * A new connector for the source (password decrypted). A network source's host is checked
   * against the host policy first (networkEngine.ts); a refused host or file is a 400.
   */
  open(source: SourceToOpen, context: ConnectorContext): Promise<Connector>;
  /**
   * What the source's user may do beyond reading (sourcePrivileges.ts), empty when nothing, or
   * null when it could not connect. Only sources reached over the network have users.
   */
  userPrivileges?(config: DataSourceConfig, checked: CheckedHost): Promise<string[] | null>;
}
