import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SURVEY_BODY } from '../../../common/api/surveys';
import { canAccess } from '../../../common/sections';
import type { SurveyQuestion } from '../../../common/surveys';
import { conflict } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { findSurveyRow, questionsOf, toSurvey } from './surveyRecords';
import { normalizeQuestions } from './surveyQuestions';
import { dropSurveyTable } from './surveyWarehouse';
import { parseUpdate } from '../../http/updatePayload';
import { runListQuery } from '../../db/listQuery';
import { listRoute } from '../../http/listRoute';
import { sameNamedColumns, type ListOptions } from '../../http/simpleRest';
import {
  accountSurveys,
  deleteSurvey,
  findChartOnDataset,
  insertSurvey,
  updateSurvey,
} from './repository';
import { SURVEY_ROUTES } from './schemas';

// /api/v1/surveys in the ra-data-simple-rest contract. Editors write them and see drafts;
// every other user of the account sees the published and closed ones.

const LIST_OPTIONS: ListOptions = {
  columns: {
    ...sameNamedColumns('id', 'name', 'description', 'status'),
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
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/surveys';
  // Who may read or write is asked before the route schema validates the request.
  const read = requireSection('surveys', 'read');
  const write = requireSection('surveys', 'write');

  const listSurveys = listRoute({
    resource: 'surveys',
    options: LIST_OPTIONS,
    page: async (request, query) => {
      const accountId = currentUser(request).accountId;
      const includeDrafts = canEditSurveys(request);
      const { rows, total } = await runListQuery(
        app.db,
        {
          name: 'surveys',
          variant: includeDrafts ? 'with-drafts' : 'published',
          values: { accountId },
          base: (v) => accountSurveys(app.db, v.accountId as number, includeDrafts),
        },
        query,
        LIST_OPTIONS,
      );
      return { records: rows.map(toSurvey), total };
    },
  });
  app.get(path, { preValidation: read, schema: SURVEY_ROUTES.list }, listSurveys);

  typed.get(`${path}/:id`, { preValidation: read, schema: SURVEY_ROUTES.show }, async (request) => {
    const user = currentUser(request);
    const row = await findSurveyRow(app.db, user.accountId, request.params.id, {
      includeDrafts: canEditSurveys(request),
    });
    return toSurvey(row);
  });

  typed.post(path, { preValidation: write, schema: SURVEY_ROUTES.create }, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    const row = await insertSurvey(app.db, {
      accountId: user.accountId,
      createdBy: user.id,
      name: input.name,
      description: input.description ?? '',
      questionsJson: JSON.stringify(normalizeQuestions(input.questions)),
      allowMultiple: Boolean(input.allowMultiple),
    });
    return toSurvey(row);
  });

  const update = { preValidation: write, schema: SURVEY_ROUTES.update };
  typed.put(`${path}/:id`, update, async (request) => {
    const accountId = currentUser(request).accountId;
    const previous = await findSurveyRow(app.db, accountId, request.params.id, {
      includeDrafts: true,
    });
    const input = parseUpdate(SURVEY_BODY, request.body, toSurvey(previous));
    const questions = normalizeQuestions(input.questions, questionsOf(previous));
    // Published answers and the dataset's columns are keyed on the questions.
    if (previous.status !== 'draft' && !sameQuestions(questions, questionsOf(previous))) {
      throw conflict(
        'questions: a published survey keeps its questions; only drafts change them.',
        'questions',
      );
    }
    const row = await updateSurvey(app.db, accountId, previous.id, {
      name: input.name,
      description: input.description ?? '',
      questionsJson: JSON.stringify(questions),
      allowMultiple: Boolean(input.allowMultiple),
    });
    return toSurvey(row);
  });

  // The answers, the warehouse table and the dataset go with it, unless saved charts use it.
  const remove = { preValidation: write, schema: SURVEY_ROUTES.remove };
  typed.delete(`${path}/:id`, remove, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSurveyRow(app.db, accountId, request.params.id, {
      includeDrafts: true,
    });
    if (row.dataset_id) {
      const chart = await findChartOnDataset(app.db, accountId, row.dataset_id);
      if (chart) {
        throw conflict(
          `The saved chart "${chart.name}" uses this survey's answers; delete it first.`,
        );
      }
    }
    await deleteSurvey(app.db, accountId, row);
    if (row.dataset_id) await dropSurveyTable(app, row);
    return toSurvey(row);
  });
}
