import { describe, expect, it } from 'vitest';
import { duckdbQueryError, withoutServerPaths } from '../../../server/engines/duckdb/errors';

// No server path in a DuckDB error sent to a client.

describe('withoutServerPaths', () => {
  it.each([
    [
      'IO Error: Cannot open file "/srv/brandboard/data/staging/1/upload-x.csv": No such file',
      'IO Error: Cannot open file "<path>": No such file',
    ],
    [
      "Permission Error: Cannot access file '/etc/passwd'",
      "Permission Error: Cannot access file '<path>'",
    ],
    [
      'failed to create /data/warehouses/1.tmp/x.block (disk full)',
      'failed to create <path> (disk full)',
    ],
    ['temp_directory=/data/warehouses/1.tmp/', 'temp_directory=<path>'],
    ['[/data/staging/1/, /data/warehouses/1.tmp/]', '[<path>, <path>]'],
    ['Cannot read C:\\data\\staging\\1\\x.csv', 'Cannot read <path>'],
  ])('hides the path in %s', (text, hidden) => {
    expect(withoutServerPaths(text)).toBe(hidden);
  });

  it.each([
    'Conversion Error: Could not convert string "a/b" to INT32',
    "Binder Error: No function matches the given name and argument types '/(VARCHAR, INTEGER)'",
    "Binder Error: No function matches '//(BIGINT, BIGINT)'",
    'Division: 1/2 and a / b',
    'see https://duckdb.org/docs/sql/functions',
  ])('leaves text without an absolute path as it is: %s', (text) => {
    expect(withoutServerPaths(text)).toBe(text);
  });
});

describe('duckdbQueryError', () => {
  it('keeps the line and column, drops the path', () => {
    const error = duckdbQueryError(
      new Error(
        'IO Error: No files found that match the pattern "/data/staging/7/*.csv"\n\n' +
          "LINE 2: from '/data/staging/7/*.csv'\n" +
          '             ^',
      ),
    );
    expect(error.message).toBe('IO Error: No files found that match the pattern "<path>"');
    expect(error).toMatchObject({ line: 2, column: 6, statusCode: 400 });
  });
});
