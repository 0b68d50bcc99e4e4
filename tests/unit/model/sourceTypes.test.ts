import { describe, expect, it } from 'vitest';
import {
  defaultSourcePort,
  isSourceType,
  isWarehouseType,
  SOURCE_TYPES,
  sourceTypeInfo,
} from '../../../common/sourceTypes';

// The per-type description the web app and the API's schemas read (common/sourceTypes.ts).

describe('source types', () => {
  it('lists the types in the order the type picker shows them', () => {
    expect(SOURCE_TYPES).toEqual(['duckdb', 'postgres', 'mysql', 'sqlite', 'clickhouse']);
  });

  it('knows its types and nothing else, inherited names included', () => {
    expect(SOURCE_TYPES.every(isSourceType)).toBe(true);
    expect(isSourceType('oracle')).toBe(false);
    expect(isSourceType('toString')).toBe(false);
    expect(isSourceType('__proto__')).toBe(false);
  });

  it('fills the default port of network sources, ClickHouse by TLS', () => {
    expect(defaultSourcePort('postgres')).toBe(5432);
    expect(defaultSourcePort('postgres', true)).toBe(5432);
    expect(defaultSourcePort('mysql')).toBe(3306);
    expect(defaultSourcePort('clickhouse')).toBe(8123);
    expect(defaultSourcePort('clickhouse', true)).toBe(8443);
    expect(defaultSourcePort('sqlite')).toBeUndefined();
    expect(defaultSourcePort('duckdb')).toBeUndefined();
  });

  it('gives every network source a port, a user and a password, and no other source those', () => {
    for (const type of SOURCE_TYPES) {
      const info = sourceTypeInfo(type);
      const server = info.connection === 'server';
      expect(info.fields.includes('password'), type).toBe(server);
      expect(info.fields.includes('user'), type).toBe(server);
      expect('port' in info, type).toBe(server);
    }
  });

  it('has one warehouse type', () => {
    expect(SOURCE_TYPES.filter(isWarehouseType)).toEqual(['duckdb']);
  });
});
