import { describe, expect, it } from 'vitest';
import { measureKey, type QueryResult } from '../../../../common/analytics';
import { draftToSpec, specToDraft } from '../../../../common/chartDraft';
import type { ChartSpec } from '../../../../common/charts';
import { parseQuestion } from '../../../../common/nl';
import { buildChart } from '../../../../src/ui/charts/options';
import { theme } from '../../support/chartFixtures';
import { cars, movies } from '../../support/nlFixtures';
import type { QuestionContext } from '../../../../common/nl';

// A question's chart is loaded into the builder (specToDraft) and drawn from the builder's
// spec (draftToSpec): every chart type the parser answers must come out of that round trip
// with series that have points, as the browser draws them.

/** Three rows of the spec's query: its dimension and measure columns, typed by field. */
function rowsFor(spec: ChartSpec, context: QuestionContext): QueryResult {
  const typeOf = (name: string) =>
    context.dataset.fields.find((field) => field.name === name)?.type ?? 'number';
  const columns = [
    ...spec.query.dimensions.map((dimension) => ({
      name: dimension.field,
      type: dimension.bin !== undefined ? 'number' : typeOf(dimension.field),
    })),
    ...spec.query.measures.map((measure) => ({ name: measureKey(measure), type: 'number' })),
  ];
  const valueOf = (type: string, row: number) =>
    type === 'number' ? (row + 1) * 10 : type === 'date' ? `197${row}-01-01` : `value ${row}`;
  const rows = [0, 1, 2].map((row) => columns.map((column) => valueOf(column.type, row)));
  return { columns, rows, rowCount: 3, truncated: false, cached: false, durationMs: 1, sql: '' };
}

const QUESTIONS: Array<[string, ChartSpec['type'], QuestionContext]> = [
  ['horsepower vs weight by origin', 'scatter', cars],
  ['horsepower vs weight', 'scatter', cars],
  ['production budget vs worldwide gross', 'scatter', movies],
  ['average horsepower by origin', 'column', cars],
  ['average horsepower by origin as a bar chart', 'bar', cars],
  ['count by origin and cylinders as a stacked bar chart', 'stacked', cars],
  ['average mpg by year', 'line', cars],
  ['average mpg by year as an area chart', 'area', cars],
  ['share of cars by origin', 'pie', cars],
  ['count by origin as a donut chart', 'donut', cars],
  ['count by origin and cylinders as a heatmap', 'heatmap', cars],
  ['distribution of horsepower', 'histogram', cars],
];

describe('charts the question parser answers, drawn by the builder', () => {
  it.each(QUESTIONS)('"%s" draws a %s with points', (question, type, context) => {
    const answer = parseQuestion(question, context);
    expect(answer.spec.type).toBe(type);
    const drawn = draftToSpec(specToDraft(answer.spec))!;
    const { option } = buildChart(drawn, rowsFor(drawn, context), theme);
    expect(option.series.length).toBeGreaterThan(0);
    const points = option.series.flatMap((series) => series.data);
    expect(points.length).toBeGreaterThan(0);
  });

  it('keeps a scatter of raw points on its two axes, coloured by the dimension', () => {
    const answer = parseQuestion('horsepower vs weight by origin', cars);
    expect(draftToSpec(specToDraft(answer.spec))!.encoding).toEqual(answer.spec.encoding);
  });
});
