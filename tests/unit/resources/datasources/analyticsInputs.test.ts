import { describe, expect, it } from 'vitest';
import { sqlErrorInfo } from '../../../../src/resources/dataExplorer/sqlErrorPosition';
import {
  tableNameFromFile,
  uploadProblem,
  MAX_UPLOAD_BYTES,
} from '../../../../src/resources/datasets/upload/uploadRules';
import { HttpError } from '../../../../src/ui/api/httpClient';
import { toDataSourcePayload } from '../../../../src/resources/datasources/dataSourceInputs';
import { sqlIdentifier } from '../../../../src/resources/dataExplorer/sqlIdentifier';

describe('sqlErrorInfo', () => {
  it("takes the server's line and column", () => {
    const error = new HttpError('x', 400, { message: 'Parser Error', line: 3, column: 7 });
    expect(sqlErrorInfo(error)).toEqual({ message: 'Parser Error', line: 3, column: 7 });
  });
  it('reads the line from PostgreSQL/DuckDB and MySQL messages when the body has none', () => {
    expect(
      sqlErrorInfo(new HttpError('x', 400, { message: 'syntax error\nLINE 2: FORM t' })).line,
    ).toBe(2);
    expect(sqlErrorInfo(new HttpError('x', 400, { message: "near 'FORM t' at line 4" })).line).toBe(
      4,
    );
    expect(sqlErrorInfo(new Error('Network down'))).toEqual({ message: 'Network down' });
  });
});

describe('upload rules', () => {
  it('accepts CSV, Parquet and JSON up to 200 MB only', () => {
    expect(uploadProblem({ name: 'a.CSV', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'a.parquet', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(uploadProblem({ name: 'a.parquet', size: MAX_UPLOAD_BYTES + 1 })).toBe('tooLarge');
    expect(uploadProblem({ name: 'a.xlsx', size: 10 })).toBe('wrongType');
    expect(uploadProblem({ name: 'a.json', size: 0 })).toBe('empty');
  });
  it('proposes a table name from the file name', () => {
    expect(tableNameFromFile('Sales 2024.csv')).toBe('sales_2024');
    expect(tableNameFromFile('2024-q1.parquet')).toBe('t_2024_q1');
    expect(tableNameFromFile('!!!.json')).toBe('upload');
  });
});

describe('data source payload', () => {
  it("keeps only the type's fields and leaves an empty password out", () => {
    expect(
      toDataSourcePayload({
        id: 4,
        name: ' Files ',
        type: 'sqlite',
        config: { file: 'shop.sqlite', host: 'left.over', password: '', hasPassword: true },
      }),
    ).toEqual({ name: 'Files', type: 'sqlite', config: { file: 'shop.sqlite' } });
    expect(
      toDataSourcePayload({
        name: 'Db',
        type: 'mysql',
        config: { host: 'h', port: '3307', password: '' },
      }),
    ).toEqual({ name: 'Db', type: 'mysql', config: { host: 'h', port: 3307, ssl: false } });
    expect(
      toDataSourcePayload({
        name: 'Events',
        type: 'clickhouse',
        config: { host: 'ch', port: '8443', database: 'events', user: 'r', ssl: true, file: 'x' },
      }),
    ).toEqual({
      name: 'Events',
      type: 'clickhouse',
      config: { host: 'ch', port: 8443, database: 'events', user: 'r', ssl: true },
    });
  });
});

describe('sqlIdentifier', () => {
  it('quotes names the dialect would not read unchanged', () => {
    expect(sqlIdentifier('flights', 'duckdb')).toBe('flights');
    expect(sqlIdentifier('Miles_per_Gallon', 'duckdb')).toBe('Miles_per_Gallon');
    expect(sqlIdentifier('Miles_per_Gallon', 'postgres')).toBe('"Miles_per_Gallon"');
    expect(sqlIdentifier('order date', 'mysql')).toBe('`order date`');
    expect(sqlIdentifier('Order date', 'clickhouse')).toBe('`Order date`');
    expect(sqlIdentifier('OrderDate', 'clickhouse')).toBe('OrderDate');
    expect(sqlIdentifier('a"b', 'sqlite')).toBe('"a""b"');
  });
});
