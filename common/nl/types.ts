import type { Dataset } from '../analytics';
import type { QuestionAnswer, QuestionFacts } from '../api/ai';

// The contract of the question parser (AI charts): what it is given, what it answers, and the
// answer of POST /api/v1/aicharts/ask. Shared by the web app (the Ask box parses as you type)
// and the server (the ask endpoint, the optional model and `npm run eval:nl`).

/**
 * What the parser knows of a dataset: its fields, and facts sampled from its rows (text values
 * for filters, number ranges for histogram bin widths; the answer of the context endpoint).
 */
export interface QuestionContext extends QuestionFacts {
  dataset: Pick<Dataset, 'id' | 'name' | 'fields'>;
  /** the day relative words count from ("last year", "since March"); default: today */
  today?: Date;
}

export const TOKEN_KINDS = [
  'measure',
  'dimension',
  'series',
  'grain',
  'bin',
  'filter',
  'sort',
  'limit',
  'chart',
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

// The answers (and their pieces) are declared with their wire schemas in ../api/ai.ts.
export type { AskAnswer, InterpretationToken, QuestionAnswer } from '../api/ai';

export interface ParseResult extends QuestionAnswer {
  /** false when no field, value or keyword of the question was recognised */
  understood: boolean;
}

/** A suggestion of the Ask box: completing the word being typed, or a whole question. */
export interface Suggestion {
  kind: 'field' | 'value' | 'keyword' | 'question';
  /** what the list shows */
  label: string;
  /** the question text once the suggestion is taken */
  completion: string;
  /** a hint shown beside it: the field a value belongs to, a synonym's field */
  detail?: string;
}

export const MAX_QUESTION_LENGTH = 500;
