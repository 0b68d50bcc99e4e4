import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../../common/analytics';
import type { ChartType } from '../../../../common/charts';
import { DEFAULT_LIMIT } from '../../../../common/chartDraft';
import { parseQuestion, type QuestionContext } from '../../../../common/nl';
import { cars, flights, movies, seattleWeather } from '../../support/nlFixtures';
import CASE_FILE from './parseQuestionCases.json';

// The question parser, construct by construct: each question's whole semantic query and its
// chart type, over four demo datasets. The cases are data (parseQuestionCases.json), grouped
// by construct: [dataset, question, chart type, the query's parts that are not empty].

const CONTEXTS: Record<string, QuestionContext> = { cars, flights, movies, seattleWeather };

type Parts = Partial<Omit<SemanticQuery, 'datasetId'>>;
type Case = [string, string, ChartType, Parts];
const CASES = CASE_FILE as unknown as Record<string, Case[]>;

/** The whole query: what the case names, the rest empty, the builder's default limit. */
function query(context: QuestionContext, parts: Parts): SemanticQuery {
  return {
    datasetId: context.dataset.id,
    dimensions: [],
    measures: [],
    filters: [],
    sort: [],
    limit: DEFAULT_LIMIT,
    ...parts,
  };
}

function expectCases(cases: Case[]): void {
  it.each(cases)('%#: %s: %s', (dataset, question, type, parts) => {
    const context = CONTEXTS[dataset];
    const { spec } = parseQuestion(question, context);
    expect(spec.query).toEqual(query(context, parts));
    expect(spec.type).toBe(type);
  });
}

it('knows the dataset of every case', () => {
  const datasets = new Set(Object.values(CASES).flatMap((cases) => cases.map(([name]) => name)));
  expect([...datasets].filter((name) => !(name in CONTEXTS))).toEqual([]);
});

for (const [construct, cases] of Object.entries(CASES)) {
  describe(`parseQuestion: ${construct}`, () => expectCases(cases));
}
