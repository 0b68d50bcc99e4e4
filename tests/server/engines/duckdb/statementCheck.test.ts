import { describe, expect, it } from 'vitest';
import {
  refusalInStatement,
  type TreeContext,
} from '../../../../server/engines/duckdb/statementTree';

// The walk over DuckDB's parse tree (json_serialize_sql), on trees of the shape DuckDB gives:
// scopes of CTEs, table function arguments, qualified names. The API suite runs the same
// checks on trees made by DuckDB itself (tests/api/security/duckdbEscapes.test.ts).

type Node = Record<string, unknown>;

const call = (name: string, children: Node[] = []): Node => ({
  class: 'FUNCTION',
  type: 'FUNCTION',
  function_name: name,
  schema: '',
  children,
  query_location: 7,
});
const constant = (value: unknown): Node => ({ class: 'CONSTANT', value: { value } });
const table = (name: string, schema = '', catalog = ''): Node => ({
  type: 'BASE_TABLE',
  table_name: name,
  schema_name: schema,
  catalog_name: catalog,
  query_location: 14,
});
const tableFunction = (name: string, children: Node[] = []): Node => ({
  type: 'TABLE_FUNCTION',
  function: call(name, children),
  query_location: 14,
});
const select = (from: Node, list: Node[] = [], ctes: [string, Node][] = []): Node => ({
  type: 'SELECT_NODE',
  cte_map: { map: ctes.map(([key, node]) => ({ key, value: { query: { node } } })) },
  select_list: list,
  from_table: from,
});
const subquery = (node: Node): Node => ({ type: 'SUBQUERY', subquery: { node } });
const join = (left: Node, right: Node): Node => ({ type: 'JOIN', left, right, condition: null });
const empty = { type: 'EMPTY' };

const context: TreeContext = {
  functions: {
    scalars: new Set(['sum', 'upper', '+']),
    known: new Set(['sum', 'upper', '+', 'current_setting', 'read_csv', 'range']),
  },
  relations: [{ catalog: '7', schema: 'main', name: 'orders' }],
};

const refusal = (node: Node) => refusalInStatement(node, context);

describe('refusalInStatement', () => {
  it('lets a select of the warehouse with reading functions through', () => {
    expect(refusal(select(table('Orders'), [call('SUM', [call('upper')])]))).toBeNull();
  });

  it('names a function that does not read, and where it is', () => {
    expect(refusal(select(table('orders'), [call('current_setting', [constant('x')])]))).toEqual({
      message:
        'Function current_setting() is not allowed here: a query on the warehouse may only read its tables.',
      location: 7,
    });
    expect(refusal(select(empty, [call('getenv')]))?.message).toBe(
      'Function getenv() does not exist.',
    );
  });

  it('checks a table function by the short list, and its arguments as expressions', () => {
    expect(refusal(select(tableFunction('range', [constant(3)])))).toBeNull();
    expect(refusal(select(tableFunction('read_csv', [constant('/etc/passwd')])))?.message).toMatch(
      /^Table function read_csv\(\) is not allowed/,
    );
    expect(refusal(select(tableFunction('range', [call('current_setting')])))?.message).toMatch(
      /current_setting/,
    );
  });

  it('refuses a name that is no table of the warehouse: DuckDB would read a file', () => {
    expect(refusal(select(table('/data/staging/7/upload.csv')))?.message).toMatch(
      /^Table with name \/data\/staging\/7\/upload\.csv does not exist in this warehouse/,
    );
  });

  it('reads qualified names as DuckDB does', () => {
    expect(refusal(select(table('orders', 'main')))).toBeNull();
    expect(refusal(select(table('orders', '7')))).toBeNull();
    expect(refusal(select(table('orders', 'main', '7')))).toBeNull();
    expect(refusal(select(table('orders', 'other')))).not.toBeNull();
    expect(refusal(select(table('orders', 'main', 'other')))).not.toBeNull();
    expect(refusal(select(table('tables', 'information_schema')))).toBeNull();
    expect(refusal(select(table('pg_settings', 'pg_catalog')))).not.toBeNull();
    expect(refusal(select(table('duckdb_settings')))).not.toBeNull();
  });

  it('sees a CTE only where it is in scope', () => {
    const file = table('x.csv');
    const readsFile = select(file);
    // A CTE body sees the CTEs before it, not after.
    expect(
      refusal(
        select(
          table('a'),
          [],
          [
            ['a', readsFile],
            ['x.csv', select(empty)],
          ],
        ),
      ),
    ).not.toBeNull();
    expect(
      refusal(
        select(
          table('b'),
          [],
          [
            ['x.csv', select(empty)],
            ['b', readsFile],
          ],
        ),
      ),
    ).toBeNull();
    // A CTE of a sub-query is not seen beside it.
    const inner = subquery(select(empty, [], [['x.csv', select(empty)]]));
    expect(refusal(select(join(inner, file)))).not.toBeNull();
    // A recursive CTE sees itself.
    const recursive = {
      type: 'RECURSIVE_CTE_NODE',
      left: select(empty),
      right: select(table('r')),
    };
    expect(refusal(select(table('r'), [], [['r', recursive]]))).toBeNull();
    expect(refusal(select(table('r'), [], [['r', select(table('r'))]]))).not.toBeNull();
  });

  it('lets the SHOW lists through, nothing else of SHOW', () => {
    const show = (name: string): Node => ({ type: 'SHOW_REF', table_name: name, query: null });
    expect(refusal(select(show('"tables"')))).toBeNull();
    expect(refusal(select(show('__show_tables_expanded')))).toBeNull();
    expect(refusal(select(show('"settings"')))?.message).toMatch(/^SHOW settings is not allowed/);
  });
});
