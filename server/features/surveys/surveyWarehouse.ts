import type { FastifyInstance } from 'fastify';
import type { DatasetField } from '../../../common/analytics';
import type { AnswerValue, SurveyQuestion } from '../../../common/surveys';
import { rebuildStale, rollupsGoingStale } from '../rollups/rollupTableService';
import { ensureWarehouseSource } from '../sources/warehouseSourceService';
import { nowIso } from '../../db/schema';
import type { WarehouseColumn, WarehouseColumnType } from '../../engines/tenantWarehouse';
import {
  countSurveyAnswers,
  findAccountDatasetId,
  findDatasetNamesOfAccount,
  insertSurveyDataset,
  setSurveyDatasetRowCount,
  updateSurveyDataset,
} from './repository';
import { questionsOf, type SurveyRow } from './surveyRecords';

// Every published survey is a table `survey_<id>` of the account's warehouse (a row per
// answer, a column per question, plus answered_at and the answer's id) and a dataset over it,
// so charts, AI charts and dashboards read the answers as they come in. The answer's id keeps
// each answer to one row however often its copy is run (surveyAnswerJob.ts); it is not a
// field of the dataset.

const ANSWERED_AT = 'answered_at';
const ANSWER_ID = 'answer_id';

interface StoredAnswer {
  id: number;
  answers: Record<string, AnswerValue>;
  createdAt: string;
}

const surveyTableName = (surveyId: number): string => `survey_${surveyId}`;

function columnTypeOf(question: SurveyQuestion): WarehouseColumnType {
  if (question.type === 'number' || question.type === 'rating') return 'double';
  if (question.type === 'date') return 'date';
  return 'text';
}

function fieldOf(question: SurveyQuestion): DatasetField {
  const type = columnTypeOf(question);
  return {
    name: question.id,
    label: question.text,
    type: type === 'double' ? 'number' : type === 'date' ? 'date' : 'string',
    role: type === 'double' ? 'measure' : type === 'date' ? 'time' : 'dimension',
    synonyms: [],
  };
}

function surveyFields(questions: SurveyQuestion[]): DatasetField[] {
  return [
    ...questions.map(fieldOf),
    { name: ANSWERED_AT, label: 'Answered at', type: 'date', role: 'time', synonyms: [] },
  ];
}

/** A warehouse cell: multiple choice joined with '; ', the rest as answered. */
function cellOf(value: AnswerValue | undefined): string | number | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join('; ') : value;
}

/** The columns of an answer's row: one per question, then answered_at and the answer's id. */
function rowColumns(questions: SurveyQuestion[]): WarehouseColumn[] {
  return [
    ...questions.map((q) => ({ name: q.id, type: columnTypeOf(q) })),
    { name: ANSWERED_AT, type: 'timestamp' as const },
    { name: ANSWER_ID, type: 'bigint' as const },
  ];
}

function rowOf(questions: SurveyQuestion[], answer: StoredAnswer): unknown[] {
  return [...questions.map((q) => cellOf(answer.answers[q.id])), answer.createdAt, answer.id];
}

/** (Re)creates the survey's table with every answer so far: publishing twice is harmless. */
async function writeSurveyTable(app: FastifyInstance, survey: SurveyRow, answers: StoredAnswer[]) {
  const questions = questionsOf(survey);
  await app.sourceConnectors.useWarehouse(survey.account_id, (warehouse) =>
    warehouse.replaceTable(
      surveyTableName(survey.id),
      rowColumns(questions),
      answers.map((answer) => rowOf(questions, answer)),
    ),
  );
}

async function freeDatasetName(app: FastifyInstance, accountId: number, name: string) {
  const taken = new Set(await findDatasetNamesOfAccount(app.db, accountId));
  if (!taken.has(name)) return name;
  let free = `${name} (survey)`;
  for (let n = 2; taken.has(free); n++) free = `${name} (survey ${n})`;
  return free;
}

/**
 * Publishing: the warehouse table with the answers so far and the dataset over it (created
 * the first time, its fields and row count brought up to date after). Answers the dataset id.
 */
export async function publishSurveyDataset(
  app: FastifyInstance,
  survey: SurveyRow,
  answers: StoredAnswer[],
): Promise<number> {
  const source = await ensureWarehouseSource(app.db, survey.account_id);
  await writeSurveyTable(app, survey, answers);
  const now = nowIso();
  const values = {
    fields_json: JSON.stringify(surveyFields(questionsOf(survey))),
    row_count: answers.length,
    updated_at: now,
  };
  const existing = survey.dataset_id
    ? await findAccountDatasetId(app.db, survey.account_id, survey.dataset_id)
    : undefined;
  let datasetId: number;
  if (existing) {
    await updateSurveyDataset(app.db, existing.id, values);
    datasetId = existing.id;
  } else {
    datasetId = await insertSurveyDataset(app.db, {
      ...values,
      account_id: survey.account_id,
      source_id: source.id,
      name: await freeDatasetName(app, survey.account_id, survey.name),
      description: `Answers to the survey "${survey.name}", one row per answer.`,
      table_name: surveyTableName(survey.id),
      sql: null,
      created_at: now,
    });
  }
  app.queryEngine.invalidateSource(survey.account_id, source.id);
  return datasetId;
}

/**
 * A stored answer's row in the survey's table, once: a row of its id already there is kept.
 * Then the dataset's row count and cached results of the warehouse follow. False when this
 * instance's warehouse has no table of the survey.
 */
export async function appendSurveyAnswer(
  app: FastifyInstance,
  survey: SurveyRow,
  answer: StoredAnswer,
): Promise<boolean> {
  const questions = questionsOf(survey);
  const table = surveyTableName(survey.id);
  // A table made before tables kept answer ids gets the column (its older rows keep none).
  const appended = await app.sourceConnectors.useWarehouse(survey.account_id, (warehouse) =>
    warehouse.appendRowOnce(table, rowColumns(questions), rowOf(questions, answer), ANSWER_ID),
  );
  if (appended && survey.dataset_id) {
    const dataset = await setSurveyDatasetRowCount(
      app.db,
      survey.account_id,
      survey.dataset_id,
      await countSurveyAnswers(app.db, survey.id),
    );
    if (dataset) {
      // Read rollups of the survey's dataset no longer, until refreshed with the new answer.
      const behind = await rollupsGoingStale(
        app,
        survey.account_id,
        dataset.source_id,
        table,
        'appended',
      );
      app.queryEngine.invalidateSource(survey.account_id, dataset.source_id);
      await rebuildStale(app, behind);
    }
  }
  return appended;
}

/** Deleting a survey: its table goes with it (the dataset is deleted by the caller). */
export async function dropSurveyTable(app: FastifyInstance, survey: SurveyRow): Promise<void> {
  await app.sourceConnectors.useWarehouse(survey.account_id, (warehouse) =>
    warehouse.dropTable(surveyTableName(survey.id)),
  );
}
