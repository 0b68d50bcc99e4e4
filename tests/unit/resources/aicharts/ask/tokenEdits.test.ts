import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AGGREGATIONS, type SemanticQuery } from '../../../../../common/analytics';
import { CHART_TYPES, type ChartSpec } from '../../../../../common/charts';
import { describeSpec, type TokenKind } from '../../../../../common/nl';
import { editsOf, type TokenEdits } from '../../../../../src/resources/aicharts/ask/tokenEdits';
import { useChartDraft } from '../../../../../src/resources/aicharts/useChartDraft';
import { flights } from '../../../support/nlFixtures';

// The chips' menus and crosses as edits of the builder's draft: each test starts the real
// draft hook from a spec, takes a chip's edits from the draft's own tokens, applies one and
// reads the spec the builder would now run.

const FIELDS = flights.dataset.fields;
const DATASET = flights.dataset.id;

/** "average delay by origin, top 10": sorted by the average, largest first. */
const TOP_ORIGINS_BY_DELAY: SemanticQuery = {
  datasetId: DATASET,
  dimensions: [{ field: 'origin' }],
  measures: [{ field: 'delay', agg: 'avg' }],
  filters: [],
  sort: [{ key: 'avg_delay', dir: 'desc' }],
  limit: 10,
};

function barSpec(query: SemanticQuery): ChartSpec {
  return {
    type: 'bar',
    title: 'Average delay by origin airport, top 10',
    query,
    encoding: { x: 'origin', y: ['avg_delay'] },
    options: { legend: 'bottom' },
  };
}

const MONTHLY_DELAY_PER_ORIGIN_FROM_SEA: ChartSpec = {
  type: 'line',
  title: 'Average delay by month and origin airport',
  query: {
    datasetId: DATASET,
    dimensions: [{ field: 'date', grain: 'month' }, { field: 'origin' }],
    measures: [{ field: 'delay', agg: 'avg' }],
    filters: [
      { field: 'destination', op: '=', value: 'SEA' },
      { field: 'distance', op: '>', value: 500 },
    ],
    sort: [],
    limit: 1000,
  },
  encoding: { x: 'date', y: ['avg_delay'], series: 'origin' },
  options: { legend: 'bottom' },
};

const DISTANCE_HISTOGRAM: ChartSpec = {
  type: 'histogram',
  title: 'Distribution of distance',
  query: {
    datasetId: DATASET,
    dimensions: [{ field: 'distance', bin: 200 }],
    measures: [{ field: '*', agg: 'count' }],
    filters: [],
    sort: [],
    limit: 1000,
  },
  encoding: { x: 'distance', y: ['count'] },
  options: { legend: 'bottom' },
};

function draftOf(spec: ChartSpec) {
  const { result } = renderHook(() => useChartDraft(spec));
  /** The edits of the current draft's chip of that kind (the n-th one when there are several). */
  const edits = (kind: TokenKind, nth = 0): TokenEdits => {
    const tokens = describeSpec(result.current.spec!, FIELDS).filter((t) => t.kind === kind);
    expect(tokens.length, `a ${kind} chip`).toBeGreaterThan(nth);
    return editsOf(tokens[nth], result.current, FIELDS);
  };
  const choose = (kind: TokenKind, key: string, nth = 0) => {
    const choice = edits(kind, nth).choices.find((candidate) => candidate.key === key);
    expect(choice, `${kind} choice ${key}`).toBeDefined();
    act(() => choice!.apply());
  };
  const remove = (kind: TokenKind, nth = 0) => {
    const { remove: removeToken } = edits(kind, nth);
    expect(removeToken, `${kind} can be removed`).toBeDefined();
    act(() => removeToken!());
  };
  const kinds = () => describeSpec(result.current.spec!, FIELDS).map((token) => token.kind);
  return { result, edits, choose, remove, kinds };
}

const keysOf = (edits: TokenEdits) => edits.choices.map((choice) => choice.key);
const selectedOf = (edits: TokenEdits) =>
  edits.choices.filter((choice) => choice.selected).map((choice) => choice.key);

describe('interpretation chip edits', () => {
  it('offers every aggregation for a number measure, the current one selected', () => {
    const { edits } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    expect(keysOf(edits('measure'))).toEqual([...AGGREGATIONS]);
    expect(selectedOf(edits('measure'))).toEqual(['avg']);
    expect(edits('measure').choices[0].label).toEqual({ key: 'charts.ask.aggregations.count' });
  });

  it('offers only count and distinct count for a string field, only count for rows', () => {
    const distinctOrigins = draftOf(
      barSpec({ ...TOP_ORIGINS_BY_DELAY, measures: [{ field: 'origin', agg: 'count_distinct' }] }),
    );
    expect(keysOf(distinctOrigins.edits('measure'))).toEqual(['count', 'count_distinct']);
    expect(selectedOf(distinctOrigins.edits('measure'))).toEqual(['count_distinct']);

    const rows = draftOf(DISTANCE_HISTOGRAM);
    expect(keysOf(rows.edits('measure'))).toEqual(['count']);
    expect(selectedOf(rows.edits('measure'))).toEqual(['count']);
  });

  it('changes the aggregation and keeps the top 10 ordered by the changed measure', () => {
    const { result, choose, edits } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    choose('measure', 'max');
    expect(result.current.query).toEqual({
      ...TOP_ORIGINS_BY_DELAY,
      measures: [{ field: 'delay', agg: 'max' }],
      sort: [{ key: 'max_delay', dir: 'desc' }],
    });
    expect(result.current.spec?.encoding.y).toEqual(['max_delay']);
    expect(selectedOf(edits('measure'))).toEqual(['max']);
    expect(describeSpec(result.current.spec!, FIELDS).map((token) => token.label)).toEqual([
      'Maximum of Delay (minutes)',
      'Origin airport',
      'Sorted by Maximum of Delay (minutes), descending',
      'Top 10',
      'Bar chart',
    ]);
  });

  it('removes the measure: the chart counts nothing and the draft has no measure', () => {
    const { result, remove } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    remove('measure');
    expect(result.current.draft.measures).toEqual([]);
    expect(result.current.query?.measures).toEqual([]);
    expect(result.current.query?.dimensions).toEqual([{ field: 'origin' }]);
  });

  it('offers the fields a chart can group by and replaces the dimension with one', () => {
    const { result, edits, choose } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    // Number measures (delay, distance) are what is measured, not what is grouped by.
    expect(keysOf(edits('dimension'))).toEqual(['date', 'origin', 'destination']);
    expect(selectedOf(edits('dimension'))).toEqual(['origin']);
    expect(edits('dimension').choices.map((choice) => choice.label)).toEqual([
      'Date',
      'Origin airport',
      'Destination airport',
    ]);

    choose('dimension', 'destination');
    expect(result.current.query).toEqual({
      ...TOP_ORIGINS_BY_DELAY,
      dimensions: [{ field: 'destination' }],
    });
    // A date becomes a dimension by month, as when it is dropped on the wells.
    choose('dimension', 'date');
    expect(result.current.query?.dimensions).toEqual([{ field: 'date', grain: 'month' }]);
  });

  it('removes the dimension', () => {
    const { result, remove, kinds } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    remove('dimension');
    expect(result.current.query).toEqual({ ...TOP_ORIGINS_BY_DELAY, dimensions: [] });
    expect(kinds()).not.toContain('dimension');
  });

  it('changes and removes the time grain of a date dimension', () => {
    const { result, edits, choose, remove, kinds } = draftOf(MONTHLY_DELAY_PER_ORIGIN_FROM_SEA);
    expect(keysOf(edits('grain'))).toEqual(['day', 'week', 'month', 'quarter', 'year']);
    expect(selectedOf(edits('grain'))).toEqual(['month']);

    choose('grain', 'quarter');
    expect(result.current.query?.dimensions).toEqual([
      { field: 'date', grain: 'quarter' },
      { field: 'origin' },
    ]);
    expect(result.current.spec?.encoding).toEqual({
      x: 'date',
      y: ['avg_delay'],
      series: 'origin',
    });

    remove('grain');
    expect(result.current.query?.dimensions).toEqual([{ field: 'date' }, { field: 'origin' }]);
    expect(kinds()).not.toContain('grain');
  });

  it('halves or doubles the bin width of a histogram and cannot remove it', () => {
    const { result, edits, choose } = draftOf(DISTANCE_HISTOGRAM);
    expect(edits('bin').choices.map((choice) => choice.label)).toEqual([
      { key: 'charts.ask.binWidth', args: { width: 100 } },
      { key: 'charts.ask.binWidth', args: { width: 400 } },
    ]);
    expect(edits('bin').remove).toBeUndefined();

    choose('bin', '400');
    expect(result.current.query?.dimensions).toEqual([{ field: 'distance', bin: 400 }]);
    choose('bin', '200');
    expect(result.current.query?.dimensions).toEqual([{ field: 'distance', bin: 200 }]);
  });

  it('removes the series: one line instead of one per origin', () => {
    const { result, edits, remove } = draftOf(MONTHLY_DELAY_PER_ORIGIN_FROM_SEA);
    expect(edits('series').choices).toEqual([]);
    remove('series');
    expect(result.current.draft.series).toBeNull();
    expect(result.current.query).toEqual({
      ...MONTHLY_DELAY_PER_ORIGIN_FROM_SEA.query,
      dimensions: [{ field: 'date', grain: 'month' }],
    });
    expect(result.current.spec?.encoding).toEqual({ x: 'date', y: ['avg_delay'] });
  });

  it('removes the filter of its own chip and keeps the others', () => {
    const { result, edits, remove } = draftOf(MONTHLY_DELAY_PER_ORIGIN_FROM_SEA);
    expect(edits('filter', 1).choices).toEqual([]);
    remove('filter', 1);
    expect(result.current.query?.filters).toEqual([
      { field: 'destination', op: '=', value: 'SEA' },
    ]);
    remove('filter', 0);
    expect(result.current.query?.filters).toEqual([]);
  });

  it('turns the order around and removes it', () => {
    const { result, edits, choose, remove } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    expect(keysOf(edits('sort'))).toEqual(['asc', 'desc']);
    expect(selectedOf(edits('sort'))).toEqual(['desc']);

    choose('sort', 'asc');
    expect(result.current.query?.sort).toEqual([{ key: 'avg_delay', dir: 'asc' }]);
    expect(describeSpec(result.current.spec!, FIELDS).find((t) => t.kind === 'limit')?.label).toBe(
      'Bottom 10',
    );

    remove('sort');
    expect(result.current.query).toEqual({ ...TOP_ORIGINS_BY_DELAY, sort: [] });
  });

  it('changes the limit, and removing it goes back to the default row limit', () => {
    const { result, edits, choose, remove, kinds } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    expect(keysOf(edits('limit'))).toEqual(['5', '10', '20', '50', '100']);
    expect(selectedOf(edits('limit'))).toEqual(['10']);

    choose('limit', '20');
    expect(result.current.query).toEqual({ ...TOP_ORIGINS_BY_DELAY, limit: 20 });

    remove('limit');
    expect(result.current.query).toEqual({ ...TOP_ORIGINS_BY_DELAY, limit: 1000 });
    expect(kinds()).not.toContain('limit');
  });

  it('offers every chart type and switches to the one chosen, the query unchanged', () => {
    const { result, edits, choose } = draftOf(barSpec(TOP_ORIGINS_BY_DELAY));
    expect(keysOf(edits('chart'))).toEqual([...CHART_TYPES]);
    expect(selectedOf(edits('chart'))).toEqual(['bar']);
    expect(edits('chart').remove).toBeUndefined();

    choose('chart', 'pie');
    expect(result.current.spec?.type).toBe('pie');
    expect(result.current.query).toEqual(TOP_ORIGINS_BY_DELAY);
    expect(selectedOf(edits('chart'))).toEqual(['pie']);
  });
});
