import { describe, expect, it } from 'vitest';
import { clickhouseCode, decodeQuoted } from '../../../../server/engines/clickhouse/code';
import {
  clickhouseConnectMessage,
  clickhouseFailure,
} from '../../../../server/engines/clickhouse/errors';
import {
  clickhousePlaceholder,
  inlineParams,
  stringLiteral,
} from '../../../../server/engines/clickhouse/params';
import { checkClickhouseStatement } from '../../../../server/engines/clickhouse/statementGuard';
import { clickhouseRows } from '../../../../server/engines/clickhouse/values';
import { zonedTimestampToIso } from '../../../../server/engines/clickhouse/zonedTimestamps';

// The pure parts of the ClickHouse connector: reading code, binding values as literals,
// the statement refusals, values and the two error formats (18.x and later).

describe('clickhouseCode', () => {
  it('blanks literals and comments, keeping offsets, and reads quoted names as words', () => {
    const sql = "select 'a''b\\'c', `u\\x72l`(1) -- x\n/* y */ from t";
    const code = clickhouseCode(sql);
    expect(code.keywords).toHaveLength(sql.length);
    expect(code.keywords).not.toMatch(/a|url|x|y/);
    expect(code.names).toMatch(/\burl\b/);
    expect(decodeQuoted('s\\x79stem', '`')).toBe('system');
    expect(decodeQuoted('a``b', '`')).toBe('a`b');
  });
});

describe('bound values on servers without query parameters', () => {
  it('writes typed placeholders and replaces those in code by escaped literals', () => {
    expect([1, 2.5, 'x'].map((value, index) => clickhousePlaceholder(index + 1, value))).toEqual([
      '{p1:Int64}',
      '{p2:Float64}',
      '{p3:String}',
    ]);
    expect(stringLiteral("a'b\\c")).toBe("'a\\'b\\\\c'");
    const sql = "select {p1:String}, '{p1:String}', {p2:Int64} /* {p2:Int64} */";
    expect(inlineParams(sql, ["x' or 1 --", 7])).toBe(
      "select 'x\\' or 1 --', '{p1:String}', toInt64(7) /* {p2:Int64} */",
    );
    expect(() => inlineParams('select {p3:Int64}', [1])).toThrow(/No value/);
  });
});

describe('checkClickhouseStatement', () => {
  it('answers the statement without leading comments and trailing semicolons', () => {
    expect(checkClickhouseStatement('-- hi\nselect 1;;  ')).toBe('select 1');
  });

  it.each([
    ["SELECT * FROM remoteSecure('h', db.t)", /remoteSecure/],
    ['select * from "jdbc"(\'x\')', /jdbc/],
    ["select dictHas('d', 1)", /dictHas/],
    ['select * from system . zookeeper', /system.zookeeper/],
    ['select 1 SETTINGS readonly = 0', /settings/],
    ['select 1 format JSON', /format/],
    ['with 1 as x select x; drop table t', /Only one statement/],
    ['optimize table t', /"OPTIMIZE" is not allowed/],
    ['show grants', /SHOW may list/],
    ['', /empty/],
  ])('refuses %s', (sql, message) => {
    expect(() => checkClickhouseStatement(sql)).toThrow(message);
  });

  it.each([
    "select formatDateTime(now(), '%F'), format_name from t",
    'select * from system.columns where database = currentDatabase()',
    'describe table known',
    'show create table known',
    'exists table known',
    "select 'system.processes; settings' as `settings`",
  ])('lets %s through', (sql) => {
    expect(() => checkClickhouseStatement(sql)).not.toThrow();
  });
});

describe('ClickHouse values', () => {
  it('reads DateTime in its zone (or the server zone) as UTC, wide integers and arrays', () => {
    const rows = clickhouseRows(
      [
        [
          '2024-01-15 08:30:00',
          '2024-07-01 12:00:00',
          '9007199254740993',
          '12',
          ['1'],
          '10.50',
          null,
        ],
      ],
      [
        'DateTime',
        "Nullable(DateTime('Europe/Berlin'))",
        'UInt64',
        'Int64',
        'Array(Int64)',
        'Decimal(10, 2)',
        'Nullable(String)',
      ],
      'America/New_York',
    );
    expect(rows).toEqual([
      [
        '2024-01-15T13:30:00.000Z',
        '2024-07-01T10:00:00.000Z',
        '9007199254740993',
        12,
        [1],
        10.5,
        null,
      ],
    ]);
  });

  it('turns wall times into UTC across clock changes and keeps fractions', () => {
    expect(zonedTimestampToIso('2024-03-31 03:30:00', 'Europe/Berlin')).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    expect(zonedTimestampToIso('2024-03-31 01:30:00', 'Europe/Berlin')).toBe(
      '2024-03-31T00:30:00.000Z',
    );
    expect(zonedTimestampToIso('2024-01-01 00:00:00.250', 'UTC')).toBe('2024-01-01T00:00:00.250Z');
    expect(zonedTimestampToIso('not a time', 'UTC')).toBe('not a time');
  });
});

describe('ClickHouse errors', () => {
  const where = { host: 'ch.example', port: 8123, database: 'sales', user: 'reader' };

  it('reads the code and message of 18.x and of later servers, without their suffixes', () => {
    expect(
      clickhouseFailure(
        new Error(
          "Code: 60, e.displayText() = DB::Exception: Table sales.x doesn't exist., e.what() = DB::Exception\n",
        ),
      ),
    ).toEqual({ code: 60, message: "Table sales.x doesn't exist." });
    expect(
      clickhouseFailure(
        new Error(
          'Code: 60. DB::Exception: Table sales.x does not exist. (UNKNOWN_TABLE) (version 24.8.1.1)\n',
        ),
      ),
    ).toEqual({ code: 60, message: 'Table sales.x does not exist.' });
  });

  it('tells authentication, unknown databases and unreachable hosts apart', () => {
    const failed = (text: string) => clickhouseConnectMessage(new Error(text), where);
    expect(
      failed('Code: 516. DB::Exception: reader: Authentication failed. (AUTHENTICATION_FAILED)'),
    ).toBe('Authentication failed for user "reader" (bad password or unknown user).');
    expect(failed("Code: 81, e.displayText() = DB::Exception: Database sales doesn't exist")).toBe(
      'Unknown database "sales": it does not exist on ch.example.',
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(clickhouseConnectMessage(refused, where)).toBe(
      'Host ch.example:8123 is unreachable (ECONNREFUSED).',
    );
  });
});
