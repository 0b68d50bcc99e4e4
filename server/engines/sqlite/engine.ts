import type { EngineSpec } from '../engineSpec';
import { openSqliteConnector } from './connector';
import { sqliteDialect } from './dialect';

// SQLite file sources (registry.ts): a file inside the tenant's folder, read in a worker.

export const sqliteEngine: EngineSpec = {
  dialect: sqliteDialect,
  open: async (source, context) => openSqliteConnector(source.config, context),
};
