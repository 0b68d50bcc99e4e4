import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '../../../common/charts';
import { judge } from '../../../scripts/eval/judgeAnswer';
import type { EvalQuestion } from '../../../scripts/eval/questionSet';

// How the broader NL evaluation judges an answer of POST /api/v1/aicharts/ask.

function answer(spec: Pick<ChartSpec, 'type' | 'query' | 'encoding'>) {
  return { status: 200, body: { spec, interpretation: [], unmatched: [], alternatives: [] } };
}

const byOrigin = answer({
  type: 'column',
  query: {
    datasetId: 1,
    dimensions: [{ field: 'Origin' }],
    measures: [{ field: 'Horsepower', agg: 'avg' }],
    filters: [],
    sort: [],
  },
  encoding: { x: 'Origin', y: ['avg_Horsepower'] },
});

const question = (fields: Partial<EvalQuestion>): EvalQuestion => ({
  table: 'cars',
  kind: 'words',
  question: 'avg horse power by country',
  chart: ['column', 'bar'],
  ...fields,
});

describe('judging an answer', () => {
  it('is right when the chart type is acceptable and the fields are the expected ones', () => {
    expect(judge(question({ x: 'Origin', y: 'Horsepower' }), byOrigin)).toMatchObject({
      chartRight: true,
      fieldsRight: true,
    });
    expect(judge(question({ x: 'Origin', y: 'Weight_in_lbs|Horsepower' }), byOrigin)).toMatchObject(
      { fieldsRight: true },
    );
  });

  it('is wrong on fields when one is missing, extra, not a count, or not the colour', () => {
    expect(judge(question({ x: 'Origin', y: 'Acceleration' }), byOrigin).fieldsRight).toBe(false);
    expect(judge(question({ x: 'Origin' }), byOrigin).fieldsRight).toBe(false);
    expect(judge(question({ x: 'Origin', y: 'count' }), byOrigin).fieldsRight).toBe(false);
    const coloured = question({ x: 'Horsepower', y: 'count', color: 'Origin' });
    expect(judge(coloured, byOrigin).fieldsRight).toBe(false);
  });

  it('counts any refusal or server error as wrong, with its status', () => {
    const failed = { status: 500, body: { message: 'Internal server error.' } };
    expect(judge(question({ x: 'Origin', y: 'Horsepower' }), failed)).toMatchObject({
      status: 500,
      chartRight: false,
      fieldsRight: false,
    });
  });
});
