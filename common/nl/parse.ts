import type { ChartSpec, ChartType } from '../charts';
import { draftToSpec, specToDraft } from '../chartDraft';
import type { BuiltChart } from './buildSpec';
import { describeSpec } from './describe';
import { interpret } from './interpret';
import { lexiconFor, type Lexicon } from './lexicon';
import { fitsType } from './chartFit';
import { withoutColumnClash } from './columnClash';
import { planChart, type Question } from './plan';
import { scanQuestion } from './scan';
import { titleFor } from './title';
import {
  MAX_QUESTION_LENGTH,
  type InterpretationToken,
  type ParseResult,
  type QuestionContext,
} from './types';
import { unusedFields, unusedNote, withUnusedField } from './unusedFields';
import { tokenize } from './words';
import { detectLanguage } from './languages';
import { translateQuestion } from './translate';

// The question parser: words -> parts (scan) -> a reading (interpret) -> a chart (buildSpec),
// with the chips of the interpretation and other readings of ambiguous words.

const MAX_ALTERNATIVES = 3;

/**
 * `language`: the user's (fr, de, es...); the question is read in it unless its words are
 * plainly of another, and in the language its words are of when not given.
 */
export function parseQuestion(
  question: string,
  context: QuestionContext,
  language?: string,
): ParseResult {
  const lexicon = lexiconFor(context);
  const text = question.slice(0, MAX_QUESTION_LENGTH);
  const recipe = detectLanguage(text, language);
  const words = translateQuestion(tokenize(text), recipe, lexicon);
  const parts = scanQuestion(words, lexicon, context.today ?? new Date());
  const reading = interpret(parts, context, lexicon);
  const { built, others, notes } = planChart({ parts, words, reading }, context, lexicon);
  const spec = titled(built.spec, context);
  const unused = unusedFields(parts, spec, lexicon);
  const usingThem = unused
    .map((entry) => withUnusedField(spec, entry, context))
    .filter((candidate): candidate is ChartSpec => candidate !== null);
  const alternatives = alternativesFor(
    { parts, words, reading },
    built,
    [...usingThem, ...others],
    context,
    lexicon,
  );
  const offered = alternatives.some((alternative) => usingThem.includes(alternative));
  return {
    spec,
    interpretation: tokensWithText(spec, built, context),
    unmatched: [...reading.unmatched, ...unused.map((entry) => entry.text)],
    alternatives: alternatives.map((alternative) => titled(alternative, context)),
    notes: unused.length > 0 ? [...notes, unusedNote(unused, offered)] : notes,
    understood: reading.understood,
  };
}

function titled(built: ChartSpec, context: QuestionContext): ChartSpec {
  const spec = withoutColumnClash(built);
  return { ...spec, title: titleFor(spec, context.dataset.fields, context.dataset.name) };
}

function tokensWithText(
  spec: ChartSpec,
  built: BuiltChart,
  context: QuestionContext,
): InterpretationToken[] {
  return describeSpec(spec, context.dataset.fields).map((token) => {
    const key = token.index === undefined ? token.kind : `${token.kind}:${token.index}`;
    return { ...token, text: built.texts.get(key) ?? '' };
  });
}

/** The breakdown's other fields, other fields for an ambiguous word, the other chart type. */
function alternativesFor(
  question: Question,
  built: BuiltChart,
  breakdowns: ChartSpec[],
  context: QuestionContext,
  lexicon: Lexicon,
): ChartSpec[] {
  const seen = new Set([JSON.stringify(built.spec.query) + built.spec.type]);
  const alternatives: ChartSpec[] = [];
  const offer = (spec: ChartSpec | null) => {
    if (!spec || alternatives.length >= MAX_ALTERNATIVES) return;
    if (!fitsType(spec, context.dataset.fields)) return;
    const key = JSON.stringify(spec.query) + spec.type;
    if (seen.has(key)) return;
    seen.add(key);
    alternatives.push(spec);
  };
  breakdowns.forEach(offer);
  for (const { partIndex, others } of question.reading.ambiguous) {
    for (const field of others) {
      const other = interpret(question.parts, context, lexicon, { partIndex, field });
      offer(planChart({ ...question, reading: other }, context, lexicon).built.spec);
    }
  }
  if (built.inferredType) offer(withType(built.spec, otherType(built.spec)));
  return alternatives;
}

/** Line <-> column; one category of counts or sums may also be a pie. */
function otherType(spec: ChartSpec): ChartType | null {
  if (spec.type === 'line') return 'column';
  if (spec.type !== 'column' && spec.type !== 'bar') return null;
  const single = spec.query.dimensions.length === 1;
  const additive = spec.query.measures.every(
    (measure) => measure.agg === 'count' || measure.agg === 'sum',
  );
  return single && additive && spec.query.measures.length === 1 ? 'pie' : null;
}

function withType(spec: ChartSpec, type: ChartType | null): ChartSpec | null {
  if (!type) return null;
  return draftToSpec({ ...specToDraft(spec), type });
}
