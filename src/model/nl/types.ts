import type { Dataset } from '../analytics';
import type { QuestionAnswer } from '../api/ai';

// The contract of the question parser (AI charts): what it is given, what it answers, and the
// answer of POST /api/v1/aicharts/ask. Shared by the web app (the Ask box parses as you type)
// and the server (the ask endpoint, the optional model and `npm run eval:nl`).

/** What the parser knows of a dataset: its fields, and facts sampled from its rows. */
export interface QuestionContext {
  dataset: Pick<Dataset, 'id' | 'name' | 'fields'>;
  /** distinct values of low-cardinality string fields (field name -> values), for filters */
  values: Record<string, string[]>;
  /** smallest and largest value of number fields, for histogram bin widths */
  ranges?: Record<string, { min: number; max: number }>;
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
