import type { QuestionContext } from '../../../src/model/nl';
import { parseQuestion } from '../../../src/model/nl';

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
