import type { FieldRole, FieldType } from '../../../common/analytics';
import type { QuestionContext } from '../../../common/nl';
import { parseQuestion } from '../../../common/nl';

/** A question's chart in short: type, dimension and measure fields, encoding, unmatched words. */
export function ask(question: string, context: QuestionContext) {
  const { spec, unmatched } = parseQuestion(question, context);
  return {
    type: spec.type,
    dimensions: spec.query.dimensions.map((dimension) => dimension.field),
    measures: spec.query.measures.map((measure) => `${measure.agg} ${measure.field}`),
    encoding: spec.encoding,
    unmatched,
  };
}

/** A field as [name, label, type, role], without synonyms. */
type FieldRow = [string, string, FieldType, FieldRole];

/** A small hand-made dataset to ask about: its fields, sampled values and number ranges. */
export function questionContext(
  dataset: { id: number; name: string },
  fields: FieldRow[],
  values: QuestionContext['values'] = {},
  ranges: QuestionContext['ranges'] = {},
): QuestionContext {
  return {
    dataset: {
      ...dataset,
      fields: fields.map(([name, label, type, role]) => ({
        name,
        label,
        type,
        role,
        synonyms: [],
      })),
    },
    values,
    ranges,
  };
}
