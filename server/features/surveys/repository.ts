import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DatasetsTable } from '../../db/analyticsSchema';
import { isPostgres } from '../../db/dialect';
import { nowIso, type Database } from '../../db/schema';
import type { SurveyRow } from './surveyRecords';
import { inTransaction } from '../../db/transactions';

export { inTransaction };

// The surveys area's reads and writes of the metadata store (surveyRecords.ts turns the
// look-up of one survey into a 404, surveyWarehouse.ts keeps the survey's dataset current).

type Db = Kysely<Database>;

/** The account's surveys, with drafts or without. */
export function accountSurveys(db: Db, accountId: number, includeDrafts: boolean) {
  const query = db.selectFrom('surveys').selectAll().where('account_id', '=', accountId);
  return includeDrafts ? query : query.where('status', '!=', 'draft');
}

export function insertSurvey(
  db: Db,
  values: {
    accountId: number;
    createdBy: number;
    name: string;
    description: string;
    questionsJson: string;
    allowMultiple: boolean;
  },
): Promise<SurveyRow> {
  const now = nowIso();
  return db
    .insertInto('surveys')
    .values({
      account_id: values.accountId,
      name: values.name,
      description: values.description,
      questions_json: values.questionsJson,
      status: 'draft',
      allow_multiple: values.allowMultiple ? 1 : 0,
      dataset_id: null,
      created_by: values.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSurvey(
  db: Db,
  accountId: number,
  id: number,
  values: { name: string; description: string; questionsJson: string; allowMultiple: boolean },
): Promise<SurveyRow> {
  return db
    .updateTable('surveys')
    .set({
      name: values.name,
      description: values.description,
      questions_json: values.questionsJson,
      allow_multiple: values.allowMultiple ? 1 : 0,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a survey's status (and dataset, on publishing). */
export function setSurveyStatus(
  db: Db,
  id: number,
  changes: { status: 'published' | 'closed'; dataset_id?: number },
): Promise<SurveyRow> {
  return db
    .updateTable('surveys')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A saved chart of the account on the dataset, if any. */
export function findChartOnDataset(db: Db, accountId: number, datasetId: number) {
  return db
    .selectFrom('charts')
    .select('name')
    .where('account_id', '=', accountId)
    .where('dataset_id', '=', datasetId)
    .executeTakeFirst();
}

/** Deletes a survey, its answers and its dataset in one transaction. */
export async function deleteSurvey(db: Db, accountId: number, row: SurveyRow): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('survey_answers').where('survey_id', '=', row.id).execute();
    if (row.dataset_id) {
      await trx
        .deleteFrom('datasets')
        .where('id', '=', row.dataset_id)
        .where('account_id', '=', accountId)
        .execute();
    }
    await trx.deleteFrom('surveys').where('id', '=', row.id).execute();
  });
}

/** A survey's answers, oldest first, with who gave them. */
export function answersOf(db: Db, surveyId: number) {
  return db
    .selectFrom('survey_answers')
    .leftJoin('users', 'users.id', 'survey_answers.user_id')
    .select([
      'survey_answers.id',
      'survey_answers.answers_json',
      'survey_answers.created_at',
      'users.username',
    ])
    .where('survey_answers.survey_id', '=', surveyId)
    .orderBy('survey_answers.id')
    .execute();
}

/**
 * Two quick clicks must not store two answers: on PostgreSQL the survey row is locked until
 * the transaction ends (SQLite runs one write transaction at a time anyway).
 */
export async function lockSurvey(trx: Db, id: number): Promise<void> {
  if (isPostgres(trx)) {
    await trx.selectFrom('surveys').select('id').where('id', '=', id).forUpdate().execute();
  }
}

export async function insertSurveyAnswer(
  db: Db,
  values: {
    surveyId: number;
    accountId: number;
    userId: number;
    answersJson: string;
    createdAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('survey_answers')
    .values({
      survey_id: values.surveyId,
      account_id: values.accountId,
      user_id: values.userId,
      answers_json: values.answersJson,
      created_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answer `id` of any survey, when it exists. */
export function findSurveyAnswer(db: Db, id: number) {
  return db
    .selectFrom('survey_answers')
    .select(['id', 'survey_id', 'account_id', 'answers_json', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The account's survey `id`, whatever its status. */
export function findAccountSurvey(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('surveys')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** How many answers survey `surveyId` has, of `userId` only when given. */
export async function countSurveyAnswers(
  db: Db,
  surveyId: number,
  userId?: number,
): Promise<number> {
  let query = db
    .selectFrom('survey_answers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('survey_id', '=', surveyId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The names of the account's datasets. */
export async function findDatasetNamesOfAccount(db: Db, accountId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('datasets')
    .select('name')
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.name);
}

/** The account's dataset `id` (its id only), when it exists. */
export function findAccountDatasetId(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('datasets')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Brings a survey's dataset up to date: its fields, row count and update time. */
export async function updateSurveyDataset(
  db: Db,
  id: number,
  values: Updateable<DatasetsTable>,
): Promise<void> {
  await db.updateTable('datasets').set(values).where('id', '=', id).execute();
}

/** Inserts a survey's dataset; answers its id. */
export async function insertSurveyDataset(
  db: Db,
  values: Insertable<DatasetsTable>,
): Promise<number> {
  const created = await db
    .insertInto('datasets')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** Sets the row count of the account's dataset `id`; answers its source id when it exists. */
export function setSurveyDatasetRowCount(db: Db, accountId: number, id: number, rowCount: number) {
  return db
    .updateTable('datasets')
    .set({ row_count: rowCount })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning('source_id')
    .executeTakeFirst();
}
