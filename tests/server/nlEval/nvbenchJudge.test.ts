import { describe, expect, it } from 'vitest';
import type { DatasetField, QueryDimension, QueryMeasure } from '../../../common/analytics';
import type { ChartType } from '../../../common/charts';
import {
  fieldOf,
  judgeNv,
  loadNvQuestions,
  oddGold,
  partOf,
  type NvQuestion,
} from '../../../scripts/eval/nvbenchEval';
import { issueKindsOf } from '../../../scripts/eval/issueKinds';

// How `npm run eval:nl` scores nvBench: chart family and fields in their roles, odd gold apart,
// and the split of its tables into a tuning part and a held-out part.

const fields: DatasetField[] = ['People_ID', 'Sex', 'Name', 'Weight', 'Height'].map((name) => ({
  name,
  label: name,
  type: name === 'Sex' || name === 'Name' ? 'string' : 'number',
  role: name === 'Weight' || name === 'Height' ? 'measure' : 'dimension',
  synonyms: [],
}));

const gold = (fields: Partial<NvQuestion>): NvQuestion => ({
  id: '1#0',
  table: 'candidate_poll__people',
  chart: 'bar',
  question: 'q',
  x: 'Sex',
  xAgg: '',
  y: '*',
  yAgg: 'count',
  bin: '',
  ...fields,
});

function answer(type: ChartType, dimensions: QueryDimension[], measures: QueryMeasure[]) {
  const query = { datasetId: 1, dimensions, measures, filters: [], sort: [] };
  return { status: 200, body: { spec: { type, query, encoding: {} } } };
}

describe('judging an nvBench answer', () => {
  it('a count is right as a count of rows per x, in the chart family asked', () => {
    const judged = judgeNv(
      gold({}),
      fields,
      answer('column', [{ field: 'Sex' }], [{ field: '*', agg: 'count' }]),
    );
    expect(judged).toMatchObject({ familyRight: true, fieldsRight: true });
  });

  it('another grouping, a distinct count or another family is wrong', () => {
    const extra = answer(
      'column',
      [{ field: 'People_ID' }, { field: 'Sex' }],
      [{ field: '*', agg: 'count' }],
    );
    expect(judgeNv(gold({}), fields, extra).fieldsRight).toBe(false);
    const distinct = answer(
      'column',
      [{ field: 'Sex' }],
      [{ field: 'Sex', agg: 'count_distinct' }],
    );
    expect(judgeNv(gold({}), fields, distinct).fieldsRight).toBe(false);
    const pie = answer('pie', [{ field: 'Sex' }], [{ field: '*', agg: 'count' }]);
    expect(judgeNv(gold({}), fields, pie).familyRight).toBe(false);
  });

  it('an aggregate needs its field measured (the aggregation itself is not judged)', () => {
    const average = gold({ y: 'Weight', yAgg: 'avg' });
    const summed = answer('bar', [{ field: 'Sex' }], [{ field: 'Weight', agg: 'sum' }]);
    expect(judgeNv(average, fields, summed).fieldsRight).toBe(true);
  });

  it('a scatter is right with exactly its two fields in either order', () => {
    const scatter = gold({ chart: 'scatter', x: 'Weight', y: 'Height', yAgg: '' });
    const points = answer('scatter', [{ field: 'Height' }, { field: 'Weight' }], []);
    expect(judgeNv(scatter, fields, points)).toMatchObject({
      familyRight: true,
      fieldsRight: true,
    });
  });

  it('a refused question is wrong', () => {
    expect(judgeNv(gold({}), fields, { status: 400, body: { message: 'no' } })).toMatchObject({
      familyRight: false,
      fieldsRight: false,
    });
  });

  it('gold columns meet fields ignoring case and separators', () => {
    expect(fieldOf(fields, 'people_id')).toBe('People_ID');
    expect(fieldOf(fields, 'Nowhere')).toBeUndefined();
  });
});

describe('odd gold and the split', () => {
  it('counts raw values per category, aggregates in a scatter and aggregated x apart', () => {
    expect(oddGold(gold({ y: 'Weight', yAgg: '' }))).toBe('raw values per category');
    expect(oddGold(gold({ chart: 'scatter', y: 'Weight', yAgg: 'avg' }))).toBe(
      'aggregate in a scatter',
    );
    expect(oddGold(gold({ xAgg: 'avg' }))).toBe('aggregated x');
    expect(oddGold(gold({}))).toBeNull();
  });

  it('splits by table, the same on every run, into two parts of some size', () => {
    const questions = loadNvQuestions(
      `${process.env.NL2VIS_DIR ?? `${process.cwd()}/scripts/eval/nl2vis`}/nvbench-dev`,
    );
    const tables = [...new Set(questions.map((question) => question.table))];
    const parts = new Map<string, Set<string>>();
    for (const question of questions) {
      const part = partOf(question.table);
      expect(partOf(question.table)).toBe(part);
      parts.set(part, (parts.get(part) ?? new Set()).add(question.table));
    }
    expect(parts.get('tuning')!.size).toBeGreaterThan(tables.length / 4);
    expect(parts.get('held-out')!.size).toBeGreaterThan(tables.length / 4);
  });
});

describe('kinds of question from the words', () => {
  it('tells counts, distributions, small multiples and superlatives', () => {
    expect(issueKindsOf('how many cars per origin')).toEqual(
      expect.arrayContaining(['count', 'groupedBy']),
    );
    expect(issueKindsOf('distribution of weight')).toContain('distribution');
    expect(issueKindsOf('mpg, small multiples by origin')).toContain('facets');
    expect(issueKindsOf('top 10 products by sales')).toContain('superlative');
  });
});
