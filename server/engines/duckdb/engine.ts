import type { EngineSpec } from '../engineSpec';
import { openDuckdbConnector } from './connector';
import { duckdbDialect } from './dialect';

// The tenant's DuckDB warehouse as a source (registry.ts): its connector and dialect. The
// warehouse itself (uploads, tables, limits) is warehouse.ts and its neighbours.

export const duckdbEngine: EngineSpec = {
  dialect: duckdbDialect,
  open: (_source, context) => openDuckdbConnector(context),
};
