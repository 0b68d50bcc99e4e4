import type { Dataset } from '../analytics';
import type { ChartSpec } from '../charts';

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

/** One piece of the interpretation, shown as an editable chip. */
export interface InterpretationToken {
  kind: TokenKind;
  /** what it means, in words: "Average of Delay (minutes)", "Origin airport is SFO" */
  label: string;
  /** the words of the question it came from; empty when it was inferred (a default) */
  text: string;
  /**
   * Which part of the chart draft (model/chartDraft) it stands for: the index into the
   * draft's `dimensions`, `measures`, `filters` or `sort`; `grain` and `bin` point at their
   * dimension; `series`, `limit` and `chart` have none.
   */
  index?: number;
}

export interface QuestionAnswer {
  spec: ChartSpec;
  interpretation: InterpretationToken[];
  /** words of the question the parser could not place (ignored, never guessed) */
  unmatched: string[];
  /** other readings when the question was ambiguous, best first */
  alternatives: ChartSpec[];
  /**
   * what the reader should know about the answer, in sentences: a chart type the fields
   * could not make and what is shown instead, a breakdown whose field was guessed
   */
  notes: string[];
}

export interface ParseResult extends QuestionAnswer {
  /** false when no field, value or keyword of the question was recognised */
  understood: boolean;
}

/** The answer of POST /api/v1/aicharts/ask. */
export interface AskAnswer extends QuestionAnswer {
  sql: string;
  /** who read the question: the built-in parser, or the operator's language model */
  answeredBy: 'parser' | 'model';
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
