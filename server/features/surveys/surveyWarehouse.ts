import type { FastifyInstance } from 'fastify';
import type { DatasetField } from '../../../src/model/analytics';
import type { AnswerValue, SurveyQuestion } from '../../../src/model/surveys';
import { ensureWarehouseSource } from '../sources/warehouseSource';
import { nowIso } from '../../db/schema';
import { quoteIdentifier } from '../../engines/duckdbWarehouse';
import {
  findAccountDatasetId,
  findDatasetNamesOfAccount,
  insertSurveyDataset,
  setSurveyDatasetRowCount,
  updateSurveyDataset,
} from './repository';
import { questionsOf, type SurveyRow } from './surveyRecords';

// Every published survey is a table `survey_<id>` of the account's DuckDB warehouse (a row per
// answer, a column per question, plus answered_at) and a dataset over it, so charts, AI charts
// and dashboards read the answers as they come in.

const ANSWERED_AT = 'answered_at';

interface StoredAnswer {
  answers: Record<string, AnswerValue>;
  createdAt: string;
}

const surveyTableName = (surveyId: number): string => `survey_${surveyId}`;

function columnTypeOf(question: SurveyQuestion): 'VARCHAR' | 'DOUBLE' | 'DATE' {
  if (question.type === 'number' || question.type === 'rating') return 'DOUBLE';
  if (question.type === 'date') return 'DATE';
  return 'VARCHAR';
}

function fieldOf(question: SurveyQuestion): DatasetField {
  const type = columnTypeOf(question);
  return {
    name: question.id,
    label: question.text,
    type: type === 'DOUBLE' ? 'number' : type === 'DATE' ? 'date' : 'string',
    role: type === 'DOUBLE' ? 'measure' : type === 'DATE' ? 'time' : 'dimension',
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

function insertStatement(table: string, questions: SurveyQuestion[]): string {
  const columns = [...questions.map((q) => q.id), ANSWERED_AT].map(quoteIdentifier);
  const values = [
    ...questions.map((q, i) => `CAST($${i + 1} AS ${columnTypeOf(q)})`),
    `CAST($${questions.length + 1} AS TIMESTAMP)`,
  ];
  return `insert into main.${quoteIdentifier(table)} (${columns.join(', ')}) values (${values.join(', ')})`;
}

function paramsOf(questions: SurveyQuestion[], answer: StoredAnswer) {
  // DuckDB reads an ISO timestamp without its zone designator as UTC wall time.
  return [...questions.map((q) => cellOf(answer.answers[q.id])), answer.createdAt.replace('Z', '')];
}

/** (Re)creates the survey's table with every answer so far: publishing twice is harmless. */
async function writeSurveyTable(app: FastifyInstance, survey: SurveyRow, answers: StoredAnswer[]) {
  const questions = questionsOf(survey);
  const table = surveyTableName(survey.id);
  const columns = [
    ...questions.map((q) => `${quoteIdentifier(q.id)} ${columnTypeOf(q)}`),
    `${quoteIdentifier(ANSWERED_AT)} TIMESTAMP`,
  ];
  await app.sourceConnectors.withWarehouse(survey.account_id, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(
        `create or replace table main.${quoteIdentifier(table)} (${columns.join(', ')})`,
      );
      const insert = insertStatement(table, questions);
      for (const answer of answers) await connection.run(insert, paramsOf(questions, answer));
    }),
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

/** A new answer: its row in the survey's table, and cached results of the warehouse dropped. */
export async function appendSurveyAnswer(
  app: FastifyInstance,
  survey: SurveyRow,
  answer: StoredAnswer,
  rowCount: number,
): Promise<void> {
  const questions = questionsOf(survey);
  await app.sourceConnectors.withWarehouse(survey.account_id, (warehouse) =>
    warehouse.withConnection((connection) =>
      connection.run(
        insertStatement(surveyTableName(survey.id), questions),
        paramsOf(questions, answer),
      ),
    ),
  );
  if (survey.dataset_id) {
    const dataset = await setSurveyDatasetRowCount(
      app.db,
      survey.account_id,
      survey.dataset_id,
      rowCount,
    );
    if (dataset) app.queryEngine.invalidateSource(survey.account_id, dataset.source_id);
  }
}

/** Deleting a survey: its table goes with it (the dataset is deleted by the caller). */
export async function dropSurveyTable(app: FastifyInstance, survey: SurveyRow): Promise<void> {
  await app.sourceConnectors.withWarehouse(survey.account_id, (warehouse) =>
    warehouse.dropTable(surveyTableName(survey.id)),
  );
}
