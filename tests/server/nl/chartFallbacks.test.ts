import { describe, expect, it } from 'vitest';
import { CHART_TYPES, type ChartSpec } from '../../../common/charts';
import { parseQuestion, type QuestionContext } from '../../../common/nl';
import { fitsType } from '../../../common/nl/chartFit';
import { compileSemanticQuery } from '../../../server/query/compile/compileSemanticQuery';
import { cars, movies, seattleWeather } from '../../unit/support/nlFixtures';

// Chart types asked by name against fields of every kind, and breakdowns whose field was not
// placed: the answer is always a chart its fields can draw and its query compiles; a type
// that cannot be drawn becomes the nearest that can, with a note; a breakdown is never a KPI.

/** Every chart name the parser knows, one phrase per chart type. */
const CHART_PHRASES: Record<(typeof CHART_TYPES)[number], string> = {
  bar: 'bar chart of',
  column: 'column chart of',
  stacked: 'stacked bar of',
  line: 'line chart of',
  area: 'area chart of',
  pie: 'pie chart of',
  donut: 'donut chart of',
  scatter: 'scatter plot of',
  table: 'table of',
  kpi: 'as a number',
  heatmap: 'heatmap of',
  histogram: 'histogram of',
  pivot: 'pivot table of',
  regionMap: 'map of',
  pointMap: 'point map of',
};

/** Fields of each kind, per dataset: none, one number, one text, one date, two numbers ... */
const SHAPES: Array<[QuestionContext, string[]]> = [
  [
    cars,
    [
      '',
      'horsepower',
      'origin',
      'year',
      'horsepower and weight',
      'horsepower by origin',
      'origin by year',
      'horsepower by year by origin',
      'count of cars',
      'number of distinct names',
      'cylinders',
    ],
  ],
  [movies, ['us gross', 'major genre', 'release date', 'imdb rating and rotten tomatoes rating']],
  [seattleWeather, ['wind', 'weather', 'date', 'temp max by weather']],
];

function named(cases: Array<[QuestionContext, string]>) {
  return cases.map(([context, question]) => ({ context, question }));
}

function expectDrawable(spec: ChartSpec, context: QuestionContext, question: string): void {
  expect(fitsType(spec, context.dataset.fields), `${question}: ${JSON.stringify(spec)}`).toBe(true);
  const dataset = { ...context.dataset, sourceId: 1, table: 't', description: '' };
  expect(() => compileSemanticQuery(spec.query, dataset, 'duckdb'), question).not.toThrow();
  expect(spec.title).not.toBe('');
}

describe('chart types asked by name, against fields of every kind', () => {
  const cases = SHAPES.flatMap(([context, shapes]) =>
    Object.entries(CHART_PHRASES).flatMap(([type, phrase]) =>
      shapes.map((shape) => ({ context, type, question: `${phrase} ${shape}`.trim() })),
    ),
  );

  it.each(cases)('$question ($context.dataset.name)', ({ context, type, question }) => {
    const answer = parseQuestion(question, context);
    for (const spec of [answer.spec, ...answer.alternatives]) {
      expectDrawable(spec, context, question);
    }
    // the type asked, or a note that says why not
    if (answer.spec.type !== type) expect(answer.notes.join(' '), question).toMatch(/ needs /);
  });
});

describe('the nearest chart to one the fields cannot make', () => {
  it('shows the distribution of the one number of a scatter plot', () => {
    const answer = parseQuestion('scatter plot of horsepower', cars);
    expect(answer.spec.type).toBe('histogram');
    expect(answer.spec.query.dimensions).toEqual([{ field: 'Horsepower', bin: 10 }]);
    expect(answer.notes).toEqual([
      'A scatter plot needs two fields to plot against each other; showing distribution of horsepower instead.',
    ]);
  });

  it('shows counts by a text field asked as a histogram', () => {
    const answer = parseQuestion('histogram of origin', cars);
    expect(answer.spec.type).toBe('column');
    expect(answer.spec.query.dimensions).toEqual([{ field: 'Origin' }]);
    expect(answer.spec.query.measures).toEqual([{ field: '*', agg: 'count' }]);
    expect(answer.notes[0]).toMatch(/^A histogram needs a numeric field; showing .*origin/i);
  });

  it('shows counts over time for a date asked as a histogram', () => {
    const answer = parseQuestion('histogram of release date', movies);
    expect(answer.spec.type).toBe('line');
    expect(answer.spec.query.dimensions[0].field).toBe('release_date');
    expect(answer.notes[0]).toMatch(/^A histogram needs a numeric field/);
  });

  it('bins the numbers of the dataset for a histogram that names none, best first', () => {
    const answer = parseQuestion('show a histogram', cars);
    expect(answer.spec.type).toBe('histogram');
    expect(answer.spec.query.dimensions[0].field).toBe('Miles_per_Gallon');
    expect(answer.alternatives.map((spec) => spec.type)).toEqual([
      'histogram',
      'histogram',
      'histogram',
    ]);
    expect(answer.notes[0]).toMatch(/^No numeric field was named to bin/);
  });

  it('bins a numeric category asked as a histogram', () => {
    const answer = parseQuestion('histogram of cylinders', cars);
    expect(answer.spec.type).toBe('histogram');
    expect(answer.notes).toEqual([]);
  });

  it('keeps several measures of a pie side by side', () => {
    const answer = parseQuestion('pie chart of horsepower and weight by origin', cars);
    expect(answer.spec.type).toBe('column');
    expect(answer.spec.query.measures).toHaveLength(2);
    expect(answer.notes.at(-1)).toMatch(/^A pie chart needs one field to slice by/);
  });

  it('crosses two likely fields for a heatmap that names none', () => {
    const answer = parseQuestion('heatmap of average horsepower', cars);
    expect(answer.spec.type).toBe('heatmap');
    expect(answer.spec.query.dimensions).toHaveLength(2);
  });

  it('draws a line along time when it names no field to draw along', () => {
    const answer = parseQuestion('line chart of average horsepower', cars);
    expect(answer.spec.type).toBe('line');
    expect(answer.spec.query.dimensions).toEqual([{ field: 'Year', grain: 'year' }]);
    expect(answer.alternatives.length).toBeGreaterThan(0);
  });

  it('answers one total as a number when bars name no grouping, offering the fields', () => {
    const answer = parseQuestion('total us gross as a bar chart', movies);
    expect(answer.spec.type).toBe('kpi');
    expect(answer.notes[0]).toMatch(/^A bar chart needs a field to break the numbers down by/);
    expect(answer.alternatives.map((spec) => spec.type)).toContain('bar');
  });
});

describe('a breakdown whose field was not placed', () => {
  it.each(
    named([
      [cars, 'average horsepower by'],
      [cars, 'compare average horsepower'],
      [cars, 'horsepower for each'],
      [cars, 'total weight across manufacturers'],
      [cars, 'average weight per unknownthing'],
      [movies, 'compare total worldwide gross'],
      [seattleWeather, 'average wind broken down by'],
    ]),
  )(
    '$question is charted by the likely fields, best first, not one number',
    ({ context, question: q }) => {
      const answer = parseQuestion(q, context);
      expect(answer.spec.type).not.toBe('kpi');
      expect(answer.spec.query.dimensions).toHaveLength(1);
      expect(answer.notes[0]).toMatch(/^No field to break it down by was found/);
      const grouped = [answer.spec, ...answer.alternatives].map(
        (spec) => spec.query.dimensions[0]?.field,
      );
      // other fields are offered (besides, maybe, the same breakdown as a pie)
      expect(new Set(grouped).size).toBeGreaterThan(1);
      for (const spec of [answer.spec, ...answer.alternatives]) expectDrawable(spec, context, q);
    },
  );

  it('prefers a category of few values, then time', () => {
    const answer = parseQuestion('average horsepower by', cars);
    expect(answer.spec.query.dimensions).toEqual([{ field: 'Origin' }]);
    expect(answer.alternatives[0].query.dimensions[0].field).toBe('Year');
  });

  it('never groups by a field the question filters to one value', () => {
    const answer = parseQuestion('compare average horsepower in Europe', cars);
    expect(answer.spec.query.dimensions[0].field).not.toBe('Origin');
  });

  it.each(
    named([
      [cars, 'average horsepower'],
      [cars, 'how many cars'],
      [seattleWeather, 'days with wind over 5'],
      [movies, 'total us gross of movies with imdb rating over 8'],
    ]),
  )('$question, without a grouping word, stays one number', ({ context, question }) => {
    const answer = parseQuestion(question, context);
    expect(answer.spec.type).toBe('kpi');
    expect(answer.notes).toEqual([]);
  });
});
