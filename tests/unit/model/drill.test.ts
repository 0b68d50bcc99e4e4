import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import {
  breakOutFields,
  checkDrillPath,
  DrillError,
  drilledQuery,
  drilledSpec,
  drillStep,
  nextLevel,
  rowsFiltersOf,
  type DrillContext,
} from '../../../common/drill';

// The drill model: the next level of a hierarchy, a chart's query after drill steps, the
// check a share link's steps pass, and the filters behind a clicked number.

const CONTEXT: DrillContext = {
  fields: [
    { name: 'date', label: 'Date', type: 'date', role: 'time' },
    { name: 'year', label: 'Year', type: 'number', role: 'time' },
    { name: 'country', label: 'Country', type: 'string', role: 'dimension' },
    { name: 'state', label: 'State', type: 'string', role: 'dimension' },
    { name: 'city', label: 'City', type: 'string', role: 'dimension' },
    { name: 'carrier', label: 'Carrier', type: 'string', role: 'dimension' },
    { name: 'delay', label: 'Delay', type: 'number', role: 'measure' },
  ],
  paths: [['country', 'state', 'city']],
};

const BY_YEAR: SemanticQuery = {
  datasetId: 7,
  dimensions: [{ field: 'date', grain: 'year' }],
  measures: [{ field: '*', agg: 'count' }],
  filters: [{ field: 'delay', op: '>', value: 0 }],
  sort: [{ key: 'date', dir: 'asc' }],
};

describe('the drill model', () => {
  it('goes down dates year, quarter, month, day, and stops at a day', () => {
    const levels = [];
    let dimension: ReturnType<typeof nextLevel> = { field: 'date', grain: 'year' };
    while (dimension) {
      levels.push(dimension.grain);
      dimension = nextLevel(dimension, CONTEXT);
    }
    expect(levels).toEqual(['year', 'quarter', 'month', 'day']);
    expect(nextLevel({ field: 'date', grain: 'week' }, CONTEXT)).toEqual({
      field: 'date',
      grain: 'day',
    });
  });

  it('follows a declared path of fields and ends at its last field or outside any', () => {
    expect(nextLevel({ field: 'country' }, CONTEXT)).toEqual({ field: 'state' });
    expect(nextLevel({ field: 'state' }, CONTEXT)).toEqual({ field: 'city' });
    expect(nextLevel({ field: 'city' }, CONTEXT)).toBeNull();
    expect(nextLevel({ field: 'carrier' }, CONTEXT)).toBeNull();
    expect(nextLevel({ field: 'year', grain: 'year' }, CONTEXT)).toBeNull();
    expect(nextLevel({ field: 'gone' }, CONTEXT)).toBeNull();
  });

  it('drills year to quarter to month: each clicked bucket a range, sorts kept', () => {
    const toQuarter = drillStep(
      { field: 'date', grain: 'year' },
      { field: 'date', value: '2001-01-01' },
      { field: 'date', grain: 'quarter' },
    );
    const toMonth = drillStep(
      { field: 'date', grain: 'quarter' },
      { field: 'date', value: '2001-04-01' },
      { field: 'date', grain: 'month' },
    );
    const drilled = drilledQuery(BY_YEAR, [toQuarter, toMonth]);
    expect(drilled.dimensions).toEqual([{ field: 'date', grain: 'month' }]);
    expect(drilled.filters).toEqual([
      { field: 'delay', op: '>', value: 0 },
      { field: 'date', op: '>=', value: '2001-01-01' },
      { field: 'date', op: '<', value: '2002-01-01' },
      { field: 'date', op: '>=', value: '2001-04-01' },
      { field: 'date', op: '<', value: '2001-07-01' },
    ]);
    expect(drilled.sort).toEqual(BY_YEAR.sort);
    expect(() => checkDrillPath(BY_YEAR, [toQuarter, toMonth], CONTEXT)).not.toThrow();
  });

  it('drills country to state: the value kept, the axis and a sort of the old field moved', () => {
    const spec: ChartSpec = {
      type: 'column',
      title: 'Flights by country',
      query: {
        ...BY_YEAR,
        dimensions: [{ field: 'country' }],
        sort: [{ key: 'country', dir: 'asc' }],
      },
      encoding: { x: 'country', y: ['count'] },
      options: {},
    };
    const step = drillStep(
      { field: 'country' },
      { field: 'country', value: 'US' },
      { field: 'state' },
    );
    const drilled = drilledSpec(spec, [step]);
    expect(drilled.encoding).toEqual({ x: 'state', y: ['count'] });
    expect(drilled.query.dimensions).toEqual([{ field: 'state' }]);
    expect(drilled.query.filters.at(-1)).toEqual({ field: 'country', op: '=', value: 'US' });
    expect(drilled.query.sort).toEqual([]);
    expect(drilledSpec(spec, [])).toBe(spec);
  });

  it('refuses on a share link a step that is not the next level, and allows a break-out signed in', () => {
    const toCarrier = drillStep(
      { field: 'date', grain: 'year' },
      { field: 'date', value: '2001-01-01' },
      { field: 'carrier' },
    );
    expect(() => checkDrillPath(BY_YEAR, [toCarrier], CONTEXT)).toThrow(DrillError);
    expect(() => checkDrillPath(BY_YEAR, [toCarrier], CONTEXT, true)).not.toThrow();
    const skipping = { ...toCarrier, to: { field: 'date', grain: 'day' as const } };
    expect(() => checkDrillPath(BY_YEAR, [skipping], CONTEXT)).toThrow(/next level/);
    const wrongGrain = {
      ...toCarrier,
      grain: 'month' as const,
      to: { field: 'date', grain: 'day' as const },
    };
    expect(() => checkDrillPath(BY_YEAR, [wrongGrain], CONTEXT)).toThrow(/otherwise/);
    const unknownField = { ...toCarrier, field: 'origin' };
    expect(() => checkDrillPath(BY_YEAR, [unknownField], CONTEXT, true)).toThrow(/not shown/);
  });

  it('gives the filters behind a clicked number, a null value as "is null"', () => {
    expect(
      rowsFiltersOf(BY_YEAR, [
        { field: 'date', value: '2001-03-01', grain: 'month' },
        { field: 'carrier', value: null },
      ]),
    ).toEqual([
      { field: 'delay', op: '>', value: 0 },
      { field: 'date', op: '>=', value: '2001-03-01' },
      { field: 'date', op: '<', value: '2001-04-01' },
      { field: 'carrier', op: 'is null' },
    ]);
  });

  it('offers to break out by the fields not shown that are not measures', () => {
    expect(breakOutFields(BY_YEAR, CONTEXT).map((field) => field.name)).toEqual([
      'year',
      'country',
      'state',
      'city',
      'carrier',
    ]);
  });
});
