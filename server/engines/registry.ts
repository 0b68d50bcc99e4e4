import type { SourceType } from '../../common/analytics';
import { clickhouseEngine } from './clickhouse/engine';
import { duckdbEngine } from './duckdb/engine';
import type { EngineSpec } from './engineSpec';
import { mysqlEngine } from './mysql/engine';
import { postgresEngine } from './postgres/engine';
import { sqliteEngine } from './sqlite/engine';

// Every source type's engine, one line each: what opens, checks and compiles for a source goes
// through here (index.ts, the query compiler), never to a type's folder directly. A new type
// is one folder engines/<type>/ with its engine.ts, one line here, and its entry in
// common/sourceTypes.ts.

export const ENGINES: Record<SourceType, EngineSpec> = {
  duckdb: duckdbEngine,
  postgres: postgresEngine,
  mysql: mysqlEngine,
  sqlite: sqliteEngine,
  clickhouse: clickhouseEngine,
};
