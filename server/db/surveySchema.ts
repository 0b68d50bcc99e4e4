import type { Generated } from 'kysely';

// Tables of surveys and their answers (migration 0011_surveys), merged into `Database` in
// ./schema.ts. JSON columns are text; timestamps ISO-8601 text.

export interface SurveysTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: string;
  /** SurveyQuestion[] as JSON, in order. */
  questions_json: string;
  /** draft | published | closed */
  status: string;
  /** 0/1: whether a user may answer more than once. */
  allow_multiple: number;
  /** The dataset over the survey's warehouse table, set on publish. */
  dataset_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SurveyAnswersTable {
  id: Generated<number>;
  survey_id: number;
  account_id: number;
  user_id: number;
  /** Question id -> value, as JSON. */
  answers_json: string;
  created_at: string;
}

export interface SurveyTables {
  surveys: SurveysTable;
  survey_answers: SurveyAnswersTable;
}
