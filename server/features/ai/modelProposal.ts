import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Dataset, QueryDimension, SemanticQuery } from '../../../common/analytics';
import { DEFAULT_LIMIT, draftToSpec, emptyDraft } from '../../../common/chartDraft';
import { CHART_TYPES, type ChartSpec, type ChartType } from '../../../common/charts';
import { describeSpec, type QuestionAnswer } from '../../../common/nl';
import { titleFor } from '../../../common/nl/title';
import { badRequest } from '../../errors';
import { SEMANTIC_QUERY as semanticQuerySchema } from '../../../common/api/query';
import { parsePayload } from '../../http/validation';

// A language model's proposal is only a suggestion: its shape is checked, every field it
// names must be a field of the dataset, and the query it describes is then compiled like any
// other. Nothing the model writes is run as SQL.

const proposalSchema = semanticQuerySchema
  .omit({ datasetId: true })
  .extend({ chart: z.enum(CHART_TYPES).optional() })
  .strip();

type Proposal = z.infer<typeof proposalSchema>;

function rejected(reason: string): never {
  throw badRequest(`The language model's answer was rejected: ${reason}`, 'question');
}

function requireKnownFields(proposal: Proposal, dataset: Dataset): void {
  const known = new Set(dataset.fields.map((field) => field.name));
  const named = [
    ...proposal.dimensions.map((dimension) => dimension.field),
    ...proposal.measures.map((measure) => measure.field).filter((field) => field !== '*'),
    ...proposal.filters.map((filter) => filter.field),
  ];
  const unknown = named.filter((field) => !known.has(field));
  if (unknown.length > 0) {
    rejected(`"${unknown[0]}" is not a field of dataset "${dataset.name}".`);
  }
}

function defaultChart(query: SemanticQuery): ChartType {
  if (query.dimensions.length === 0) return 'kpi';
  if (query.dimensions[0].grain) return 'line';
  if (query.dimensions[0].bin !== undefined) return 'histogram';
  return 'bar';
}

/** Raw points: the dimensions are x, y and (optionally) the colour, as the builder draws them. */
function scatterOfPoints(query: SemanticQuery): ChartSpec['encoding'] {
  const [x, y, colour] = query.dimensions.map((dimension: QueryDimension) => dimension.field);
  return { x, y: y ? [y] : [], ...(colour ? { color: colour } : {}) };
}

function specOf(proposal: Proposal, dataset: Dataset): ChartSpec {
  const { chart, ...parts } = proposal;
  const query: SemanticQuery = {
    datasetId: dataset.id,
    ...parts,
    limit: parts.limit ?? DEFAULT_LIMIT,
  };
  const type = chart ?? defaultChart(query);
  const pointsOnly = type === 'scatter' && query.measures.length === 0;
  const [first, second, ...rest] = query.dimensions;
  const spec = pointsOnly
    ? { type, title: '', query, encoding: scatterOfPoints(query), options: emptyDraft().options }
    : draftToSpec({
        ...emptyDraft(),
        datasetId: dataset.id,
        type,
        dimensions: [first, ...rest].filter(Boolean),
        series: second ?? null,
        measures: query.measures,
        filters: query.filters,
        sort: query.sort,
        limit: query.limit,
      });
  const rowsWithoutMeasures = type === 'scatter' || type === 'table';
  if (!spec || (spec.query.measures.length === 0 && !rowsWithoutMeasures)) {
    rejected('it asks for no measure to chart.');
  }
  return { ...spec, title: titleFor(spec, dataset.fields, dataset.name) };
}

/** The model's answer as an answer to the question, or a 400 that says what was wrong with it. */
export function answerFromProposal(
  answer: unknown,
  dataset: Dataset,
  alternatives: ChartSpec[],
): QuestionAnswer {
  let proposal: Proposal;
  try {
    proposal = parsePayload(proposalSchema, answer);
  } catch (error) {
    rejected((error as Error).message);
  }
  requireKnownFields(proposal, dataset);
  const spec = specOf(proposal, dataset);
  return {
    spec,
    interpretation: describeSpec(spec, dataset.fields),
    unmatched: [],
    alternatives: alternatives.filter((other) => !sameReading(other, spec)),
    notes: [],
  };
}

/** The same chart of the same query, whatever its title: offering it again is noise. */
function sameReading(one: ChartSpec, other: ChartSpec): boolean {
  return one.type === other.type && isDeepStrictEqual(one.query, other.query);
}
