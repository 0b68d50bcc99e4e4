import { describe, expect, it } from 'vitest';
import { tableKeyOf } from '../../../../common/api/rowPolicies';
import {
  holdsFor,
  protects,
  tableProtected,
  widerAttribute,
} from '../../../../server/query/compile/rowPolicies';

// What a row policy is bound to (the source table, or a SQL dataset), whom it holds for, and
// the rule that attributes handed on only narrow.

const onSales = { sourceId: 1, table: 'sales', datasetId: 10 };
const onSqlDataset = { sourceId: 1, table: null, datasetId: 11 };

describe('tableKeyOf', () => {
  it.each([
    'sales',
    'SALES',
    '"sales"',
    'main.sales',
    'public."Sales"',
    '`sales`',
    '[dbo].[sales]',
  ])('reads %s as the table sales', (table) => expect(tableKeyOf(table)).toBe('sales'));
});

describe('protects', () => {
  it('binds a table policy to every dataset over the table, in its source only', () => {
    expect(protects(onSales, { id: 99, sourceId: 1, table: 'main.SALES' })).toBe(true);
    expect(protects(onSales, { id: 10, sourceId: 2, table: 'sales' })).toBe(false);
    expect(protects(onSales, { id: 10, sourceId: 1, sql: 'select * from sales' })).toBe(false);
  });

  it("binds a SQL dataset's policy to that dataset", () => {
    expect(protects(onSqlDataset, { id: 11, sourceId: 1, sql: 'select 1' })).toBe(true);
    expect(protects(onSqlDataset, { id: 12, sourceId: 1, sql: 'select 1' })).toBe(false);
  });

  it('knows a protected table by any spelling', () => {
    expect(tableProtected([onSales, onSqlDataset], 1, '"Sales"')).toBe(true);
    expect(tableProtected([onSales, onSqlDataset], 1, 'orders')).toBe(false);
  });
});

describe('holdsFor', () => {
  it('holds when any of the roles is named', () => {
    expect(holdsFor({ appliesTo: ['editor'] }, ['viewer', 'editor'])).toBe(true);
    expect(holdsFor({ appliesTo: ['editor'] }, ['viewer'])).toBe(false);
  });
});

describe('widerAttribute', () => {
  const own = { region: ['North', 'East'], tier: 2 };

  it('accepts a subset, value by value, numbers and text alike', () => {
    expect(widerAttribute({}, own)).toBeNull();
    expect(widerAttribute({ region: 'North', tier: '2' }, own)).toBeNull();
    expect(widerAttribute({ region: ['East', 'North'] }, own)).toBeNull();
  });

  it("names the first value outside the giver's own", () => {
    expect(widerAttribute({ region: ['North', 'South'] }, own)).toEqual({
      key: 'region',
      value: 'South',
    });
    expect(widerAttribute({ country: 'US' }, own)).toEqual({ key: 'country', value: 'US' });
  });
});
