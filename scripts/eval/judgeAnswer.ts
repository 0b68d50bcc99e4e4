import type { AskAnswer } from '../../common/nl';
import { COUNT, fieldsIn, type EvalQuestion } from './questionSet';
import type { HttpAnswer } from './evalServer';

// One answer of POST /api/v1/aicharts/ask against what the person meant. Chart right: its
// type is one of the acceptable ones. Fields right: the fields it groups and measures are
// exactly the expected x, y and colour (either of an `A|B`), a count when y is `count`, and
// the expected colour field is the one that splits the series. Which of two numbers is on x
// is not judged.

export interface Judgement {
  status: number;
  chartRight: boolean;
  fieldsRight: boolean;
  /** what we answered, for the report line */
  answered: string;
}

interface Answered {
  type: string;
  fields: string[];
  counts: boolean;
  colour?: string;
}

function answeredOf(answer: AskAnswer): Answered {
  const { query, encoding, type } = answer.spec;
  const fields = [
    ...query.dimensions.map((dimension) => dimension.field),
    ...query.measures.map((measure) => measure.field),
  ].filter((field) => field !== '*');
  return {
    type,
    fields: [...new Set(fields)],
    counts: query.measures.some((measure) => measure.agg === 'count'),
    colour: encoding.series ?? encoding.color,
  };
}

function fieldsMatch(question: EvalQuestion, answered: Answered): boolean {
  const slots = [question.x, question.y, question.color].map(fieldsIn).filter((s) => s.length);
  const matched = slots.every((slot) => slot.some((field) => answered.fields.includes(field)));
  const allowed = new Set(slots.flat());
  const nothingElse = answered.fields.every((field) => allowed.has(field));
  const sameCount = answered.fields.length === slots.length;
  const countRight = question.y !== COUNT || answered.counts;
  const colourRight = !question.color || fieldsIn(question.color).includes(answered.colour ?? '');
  return matched && nothingElse && sameCount && countRight && colourRight;
}

function describe(answered: Answered): string {
  const colour = answered.colour ? `, colour ${answered.colour}` : '';
  const count = answered.counts ? ' +count' : '';
  return `${answered.type} {${answered.fields.join(', ')}}${count}${colour}`;
}

export function judge(question: EvalQuestion, answer: HttpAnswer): Judgement {
  if (answer.status !== 200) {
    const message = (answer.body as { message?: string } | null)?.message ?? '';
    return {
      status: answer.status,
      chartRight: false,
      fieldsRight: false,
      answered: `${answer.status} ${message}`,
    };
  }
  const answered = answeredOf(answer.body as AskAnswer);
  return {
    status: answer.status,
    chartRight: question.chart.includes(answered.type as EvalQuestion['chart'][number]),
    fieldsRight: fieldsMatch(question, answered),
    answered: describe(answered),
  };
}

/** What the person meant, for the report line. */
export function expectedText(question: EvalQuestion): string {
  const parts = [
    question.x && `x ${question.x}`,
    question.y && `y ${question.y}`,
    question.color && `colour ${question.color}`,
  ].filter(Boolean);
  return `${question.chart.join('/')} {${parts.join(', ')}}`;
}
