import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT, specToDraft } from '../../../../common/chartDraft';
import type { ChartSpec } from '../../../../common/charts';
import { describeSpec, parseQuestion } from '../../../../common/nl';
import { cars, flights, flightsWithCancellations, movies } from '../../support/nlFixtures';

// What the parser answers besides the query: chips with the words they came from, the
// title, the encoding, other readings, the words it could not place.

describe('parseQuestion: interpretation tokens', () => {
  it('gives a token per part with the words it came from', () => {
    const { interpretation } = parseQuestion(
      'average delay by origin and destination, top 10',
      flights,
    );
    expect(interpretation).toEqual([
      { kind: 'measure', label: 'Average of Delay (minutes)', text: 'average delay', index: 0 },
      { kind: 'dimension', label: 'Origin airport', text: 'origin', index: 0 },
      { kind: 'series', label: 'Split by Destination airport', text: 'destination' },
      {
        kind: 'sort',
        label: 'Sorted by Average of Delay (minutes), descending',
        text: 'top 10',
        index: 0,
      },
      { kind: 'limit', label: 'Top 10', text: 'top 10' },
      { kind: 'chart', label: 'Bar chart', text: '' },
    ]);
  });

  it('names filters and grains, and the chart words when given', () => {
    const { interpretation } = parseQuestion('flights from SFO by month as an area chart', flights);
    expect(interpretation).toEqual([
      { kind: 'measure', label: 'Count of rows', text: '', index: 0 },
      { kind: 'dimension', label: 'Date', text: 'by month', index: 0 },
      { kind: 'grain', label: 'By month', text: 'by month', index: 0 },
      { kind: 'filter', label: 'Origin airport is SFO', text: 'SFO', index: 0 },
      { kind: 'chart', label: 'Area chart', text: 'area chart' },
    ]);
  });

  it('describes relative dates, bins and number comparisons', () => {
    const relative = parseQuestion('average delay in the last 30 days', flights).interpretation;
    expect(relative.find((token) => token.kind === 'filter')).toEqual({
      kind: 'filter',
      label: 'Date in the last 30 days',
      text: 'last 30 days',
      index: 0,
    });
    const histogram = parseQuestion('histogram of weight with bin width 500', cars).interpretation;
    expect(histogram.find((token) => token.kind === 'bin')).toEqual({
      kind: 'bin',
      label: 'Bins of 500',
      text: 'bin width 500',
      index: 0,
    });
    const comparison = parseQuestion('flights with delay over 100', flights).interpretation;
    expect(comparison.find((token) => token.kind === 'filter')).toEqual({
      kind: 'filter',
      label: 'Delay (minutes) is over 100',
      text: 'delay over 100',
      index: 0,
    });
  });
});

describe('parseQuestion: titles and encodings', () => {
  it('titles an aggregated chart in words', () => {
    expect(parseQuestion('average delay by origin', flights).spec.title).toBe(
      'Average delay by origin airport',
    );
    expect(parseQuestion('how many cars by year', cars).spec.title).toBe('Number of cars by year');
    expect(parseQuestion('top 5 genres by average imdb rating', movies).spec.title).toBe(
      'Average IMDB rating by genre, top 5',
    );
  });

  it('makes raw-point scatters like the demo charts: x, y and colour dimensions', () => {
    // "Y vs X": Y up the y axis
    const { spec } = parseQuestion('horsepower vs weight by origin', cars);
    expect(spec.title).toBe('Weight vs horsepower by origin');
    expect(spec.encoding).toEqual({ x: 'Weight_in_lbs', y: ['Horsepower'], color: 'Origin' });
    expect(spec.query.measures).toEqual([]);
  });

  it('puts a second dimension into the series, as the builder does', () => {
    const { spec } = parseQuestion('average mpg by year and origin', cars);
    expect(spec.type).toBe('line');
    expect(spec.encoding).toEqual({ x: 'Year', y: ['avg_Miles_per_Gallon'], series: 'Origin' });
    expect(specToDraft(spec).series).toEqual({ field: 'Origin' });
  });

  it('encodes a histogram by its bins and the row count', () => {
    const { spec } = parseQuestion('distribution of mpg', cars);
    expect(spec.encoding).toEqual({ x: 'Miles_per_Gallon', y: ['count'] });
  });
});

describe('parseQuestion: booleans', () => {
  it('reads "not cancelled" as the boolean field being false, and "cancelled" as true', () => {
    const notCancelled = parseQuestion('flights not cancelled by origin', flightsWithCancellations);
    expect(notCancelled.spec.query.filters).toEqual([
      { field: 'cancelled', op: '=', value: false },
    ]);
    const cancelled = parseQuestion('cancelled flights by origin', flightsWithCancellations);
    expect(cancelled.spec.query.filters).toEqual([{ field: 'cancelled', op: '=', value: true }]);
    expect(cancelled.spec.query.dimensions).toEqual([{ field: 'origin' }]);
  });
});

describe('parseQuestion: alternatives', () => {
  it('offers the other field for a word that names two', () => {
    const result = parseQuestion('gross by genre', movies);
    expect(result.spec.query.measures).toEqual([{ field: 'us_gross', agg: 'sum' }]);
    expect(result.alternatives[0].query.measures).toEqual([
      { field: 'worldwide_gross', agg: 'sum' },
    ]);
    expect(result.alternatives[0].title).toBe('Total worldwide gross by genre');
  });

  it('offers columns for an inferred line, and nothing for a named chart type', () => {
    const inferred = parseQuestion('average delay by month', flights);
    expect(inferred.alternatives.map((spec) => spec.type)).toEqual(['column']);
    expect(inferred.alternatives[0].query).toEqual(inferred.spec.query);
    expect(parseQuestion('average delay by month as a line chart', flights).alternatives).toEqual(
      [],
    );
  });

  it('offers the destination for an airport code only when no "from" or "to" says which', () => {
    const bare = parseQuestion('flights SFO', flights);
    expect(bare.alternatives[0].query.filters).toEqual([
      { field: 'destination', op: '=', value: 'SFO' },
    ]);
    expect(parseQuestion('flights from SFO', flights).alternatives).toEqual([]);
  });
});

describe('parseQuestion: unmatched words', () => {
  it('lists words it cannot place, never guessing, and drops stopwords', () => {
    const result = parseQuestion('show me the average delay by origin for the holidays', flights);
    expect(result.unmatched).toEqual(['holidays']);
    expect(result.understood).toBe(true);
    expect(result.spec.query.measures).toEqual([{ field: 'delay', agg: 'avg' }]);
  });

  it('is not understood when nothing is recognised', () => {
    const result = parseQuestion('what is the meaning of life', flights);
    expect(result.understood).toBe(false);
    expect(result.unmatched).toEqual(['meaning', 'life']);
    expect(parseQuestion('', cars).understood).toBe(false);
  });

  it('keeps a comparison it cannot attach as unmatched', () => {
    const result = parseQuestion('flights from SFO over 100', flights);
    expect(result.unmatched).toEqual(['over 100']);
    expect(result.spec.query.filters).toEqual([{ field: 'origin', op: '=', value: 'SFO' }]);
  });

  it('does not correct short words or words two edits away; an aggregation without a field stays unmatched', () => {
    expect(parseQuestion('average dly by origin', flights).unmatched).toEqual(['dly', 'average']);
    expect(parseQuestion('average dealyy by origin', flights).unmatched).toEqual([
      'dealyy',
      'average',
    ]);
  });
});

describe('describeSpec', () => {
  it('describes a builder spec with indexes into the draft and empty texts', () => {
    const spec: ChartSpec = {
      type: 'line',
      title: 'Miles per gallon by year',
      query: {
        datasetId: cars.dataset.id,
        dimensions: [{ field: 'Year', grain: 'year' }, { field: 'Origin' }],
        measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
        filters: [{ field: 'Origin', op: 'in', value: ['USA', 'Japan'] }],
        sort: [{ key: 'Year', dir: 'asc' }],
        limit: 50,
      },
      encoding: { x: 'Year', series: 'Origin', y: ['avg_Miles_per_Gallon'] },
      options: { legend: 'top' },
    };
    expect(describeSpec(spec, cars.dataset.fields)).toEqual([
      { kind: 'measure', label: 'Average of Miles per gallon', text: '', index: 0 },
      { kind: 'dimension', label: 'Year', text: '', index: 0 },
      { kind: 'grain', label: 'By year', text: '', index: 0 },
      { kind: 'series', label: 'Split by Origin', text: '' },
      { kind: 'filter', label: 'Origin is USA or Japan', text: '', index: 0 },
      { kind: 'sort', label: 'Sorted by Year, ascending', text: '', index: 0 },
      { kind: 'limit', label: 'First 50 rows', text: '' },
      { kind: 'chart', label: 'Line chart', text: '' },
    ]);
  });

  it('leaves out the default limit and gives the parser the same labels', () => {
    const result = parseQuestion('total distance by destination', flights);
    expect(result.spec.query.limit).toBe(DEFAULT_LIMIT);
    const described = describeSpec(result.spec, flights.dataset.fields);
    expect(described.map((token) => token.label)).toEqual(
      result.interpretation.map((token) => token.label),
    );
    expect(described.some((token) => token.kind === 'limit')).toBe(false);
  });
});
