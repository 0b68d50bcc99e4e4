import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseDateFormat,
  convertTextDates,
  TEXT_DATE_FORMATS,
} from '../../../../server/engines/duckdb/textDates';

// Text columns holding dates in one known format become DATE or TIMESTAMP (a real DuckDB).

describe('choosing a date format from sampled counts', () => {
  const counts = (at: Record<number, number>) =>
    TEXT_DATE_FORMATS.map((_, index) => at[index] ?? 0);

  it('takes the format that read the most values, if it read at least 95% of them', () => {
    expect(chooseDateFormat(100, counts({ 2: 96, 3: 99 }))).toBe(TEXT_DATE_FORMATS[3]);
    expect(chooseDateFormat(100, counts({ 2: 100, 3: 100 }))).toBe(TEXT_DATE_FORMATS[2]);
    expect(chooseDateFormat(100, counts({ 2: 94 }))).toBeNull();
    expect(chooseDateFormat(0, counts({}))).toBeNull();
  });
});

describe('converting text dates', () => {
  let connection: DuckDBConnection;

  beforeAll(async () => {
    connection = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(() => connection?.closeSync());

  /** Creates table `t` with text column `v` of `values`, converts it and answers type and rows. */
  async function convert(values: (string | null)[]) {
    await connection.run('create or replace table t (v varchar, n integer)');
    for (const [index, value] of values.entries()) {
      await connection.run('insert into t values ($1, $2)', [value, index]);
    }
    await convertTextDates(connection, 't');
    const type = await connection.runAndReadAll(
      `select data_type from duckdb_columns() where table_name = 't' and column_name = 'v'`,
    );
    const rows = await connection.runAndReadAll('select cast(v as varchar) from t order by n');
    return { type: String(type.getRowsJS()[0][0]), values: rows.getRowsJS().map(([v]) => v) };
  }

  const many = (value: string, times = 20) => Array.from({ length: times }, () => value);

  it.each([
    ['Jun 12 1998', '1998-06-12', 'DATE'],
    ['Jan 1 2000', '2000-01-01', 'DATE'],
    ['12/31/2020', '2020-12-31', 'DATE'],
    ['31/12/2020', '2020-12-31', 'DATE'],
    ['31.12.2020', '2020-12-31', 'DATE'],
    ['2020-12-31 10:00', '2020-12-31 10:00:00', 'TIMESTAMP'],
    ['March 5, 2021', '2021-03-05', 'DATE'],
  ])('%s becomes %s', async (text, converted, type) => {
    const result = await convert([...many(text), null, '  ']);
    expect(result.type).toBe(type);
    expect(result.values).toEqual([...many(converted), null, null]);
  });

  it('turns the few unreadable values (under 5%) into NULL', async () => {
    const result = await convert([...many('Jan 1 2000', 39), 'unknown']);
    expect(result.type).toBe('DATE');
    expect(result.values.at(-1)).toBeNull();
  });

  it.each([
    ['more than 5% unreadable', [...many('Jan 1 2000', 18), 'n/a', 'unknown']],
    ['names', many('Seattle')],
    ['version numbers', many('1.2.3')],
    ['plain numbers', many('12')],
    ['a mix of formats', [...many('Jan 1 2000', 10), ...many('2000-01-01', 10)]],
  ])('keeps text: %s', async (_kind, values) => {
    const result = await convert(values);
    expect(result.type).toBe('VARCHAR');
    expect(result.values).toEqual(values);
  });

  it('quotes column names', async () => {
    await connection.run(`create or replace table t ("Release ""Date""" varchar)`);
    await connection.run(`insert into t values ('Jun 12 1998')`);
    await convertTextDates(connection, 't');
    const type = await connection.runAndReadAll(
      `select data_type from duckdb_columns() where table_name = 't'`,
    );
    expect(type.getRowsJS()).toEqual([['DATE']]);
  });
});
