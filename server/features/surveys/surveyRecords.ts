import type { Kysely, Selectable } from 'kysely';
import type { AnswerValue, Survey, SurveyQuestion, SurveyStatus } from '../../../common/surveys';
import type { Database } from '../../db/schema';
import type { SurveysTable } from '../../db/surveySchema';
import { notFound } from '../../errors';
import { countSurveyAnswers, findAccountSurvey } from './repository';

// Survey rows -> API records, and the lookup that answers 404 across accounts.

export type SurveyRow = Selectable<SurveysTable>;

export function questionsOf(row: Pick<SurveyRow, 'questions_json'>): SurveyQuestion[] {
  const value: unknown = JSON.parse(row.questions_json);
  return Array.isArray(value) ? (value as SurveyQuestion[]) : [];
}

/** A stored answer's values, by question id. */
export const parseAnswers = (json: string) => JSON.parse(json) as Record<string, AnswerValue>;

export function toSurvey(row: SurveyRow): Survey {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    questions: questionsOf(row),
    status: row.status as SurveyStatus,
    allowMultiple: Boolean(row.allow_multiple),
    datasetId: row.dataset_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The account's survey `id`; 404 when missing, another account's, or hidden from the reader. */
export async function findSurveyRow(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  options: { includeDrafts: boolean },
): Promise<SurveyRow> {
  const row = await findAccountSurvey(db, accountId, id);
  if (!row || (row.status === 'draft' && !options.includeDrafts)) throw notFound('Survey');
  return row;
}

/** How many answers `userId` gave to survey `surveyId`. */
export async function answerCountOf(
  db: Kysely<Database>,
  surveyId: number,
  userId?: number,
): Promise<number> {
  return countSurveyAnswers(db, surveyId, userId);
}
