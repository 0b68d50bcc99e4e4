import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccess } from '../../../src/model/sections';
import type { SurveyQuestion } from '../../../src/model/surveys';
import { nowIso } from '../../db/schema';
import { conflict } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { findSurveyRow, questionsOf, toSurvey } from './surveyRecords';
import { normalizeQuestions, surveyPayloadSchema } from './schemas';
import { dropSurveyTable } from './surveyWarehouse';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { runListQuery } from '../../http/listQuery';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';

// /api/v1/surveys in the ra-data-simple-rest contract. Editors write them and see drafts;
// every other user of the account sees the published and closed ones.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    name: 'name',
    description: 'description',
    status: 'status',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  sortable: ['id', 'name', 'status', 'createdAt', 'updatedAt'],
  filterable: ['id', 'status'],
  searchable: ['name', 'description'],
  defaultSort: { field: 'updatedAt', order: 'desc' },
};

const canEditSurveys = (request: FastifyRequest): boolean =>
  canAccess(currentUser(request).role, 'surveys', 'write');

const sameQuestions = (a: SurveyQuestion[], b: SurveyQuestion[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export function registerSurveyCrudRoutes(app: FastifyInstance): void {
  const path = '/api/v1/surveys';
  const read = { preHandler: requireSection('surveys', 'read') };
  const write = { preHandler: requireSection('surveys', 'write') };

  app.get(path, read, (request, reply) =>
    sendCachedList(request, reply, 'surveys', async () => {
      const list = parseListQuery(request.query, LIST);
      const accountId = currentUser(request).accountId;
      const includeDrafts = canEditSurveys(request);
      const { rows, total } = await runListQuery(
        app.db,
        {
          name: 'surveys',
          variant: includeDrafts ? 'with-drafts' : 'published',
          values: { accountId },
          base: (v) => {
            const query = app.db
              .selectFrom('surveys')
              .selectAll()
              .where('account_id', '=', v.accountId as number);
            return includeDrafts ? query : query.where('status', '!=', 'draft');
          },
        },
        list,
        LIST,
      );
      return { rows: rows.map(toSurvey), start: list.start, total };
    }),
  );

  app.get(`${path}/:id`, read, async (request) => {
    const user = currentUser(request);
    const row = await findSurveyRow(app.db, user.accountId, parseId(request.params), {
      includeDrafts: canEditSurveys(request),
    });
    return toSurvey(row);
  });

  app.post(path, write, async (request) => {
    const user = currentUser(request);
    const input = parsePayload(surveyPayloadSchema, request.body);
    const now = nowIso();
    const row = await app.db
      .insertInto('surveys')
      .values({
        account_id: user.accountId,
        name: input.name,
        description: input.description ?? '',
        questions_json: JSON.stringify(normalizeQuestions(input.questions)),
        status: 'draft',
        allow_multiple: input.allowMultiple ? 1 : 0,
        dataset_id: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSurvey(row);
  });

  app.put(`${path}/:id`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const previous = await findSurveyRow(app.db, accountId, parseId(request.params), {
      includeDrafts: true,
    });
    const input = parseUpdate(surveyPayloadSchema, request.body, toSurvey(previous));
    const questions = normalizeQuestions(input.questions, questionsOf(previous));
    // Published answers and the dataset's columns are keyed on the questions.
    if (previous.status !== 'draft' && !sameQuestions(questions, questionsOf(previous))) {
      throw conflict(
        'questions: a published survey keeps its questions; only drafts change them.',
        'questions',
      );
    }
    const row = await app.db
      .updateTable('surveys')
      .set({
        name: input.name,
        description: input.description ?? '',
        questions_json: JSON.stringify(questions),
        allow_multiple: input.allowMultiple ? 1 : 0,
        updated_at: nowIso(),
      })
      .where('id', '=', previous.id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSurvey(row);
  });

  // The answers, the warehouse table and the dataset go with it, unless saved charts use it.
  app.delete(`${path}/:id`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSurveyRow(app.db, accountId, parseId(request.params), {
      includeDrafts: true,
    });
    if (row.dataset_id) {
      const chart = await app.db
        .selectFrom('charts')
        .select('name')
        .where('account_id', '=', accountId)
        .where('dataset_id', '=', row.dataset_id)
        .executeTakeFirst();
      if (chart) {
        throw conflict(
          `The saved chart "${chart.name}" uses this survey's answers; delete it first.`,
        );
      }
    }
    await app.db.transaction().execute(async (trx) => {
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
    if (row.dataset_id) await dropSurveyTable(app, row);
    return toSurvey(row);
  });
}
