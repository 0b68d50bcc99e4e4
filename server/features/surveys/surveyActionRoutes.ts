import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cleanAnswers, firstAnswerIssue, type AnswerValue } from '../../../src/model/surveys';
import { isPostgres } from '../../db/dialect';
import { nowIso } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { answersCsv } from './surveyCsv';
import { answerCountOf, findSurveyRow, questionsOf, toSurvey } from './surveyRecords';
import { surveyResults } from './surveyResults';
import { appendSurveyAnswer, publishSurveyDataset } from './surveyWarehouse';
import { parsePayload } from '../../http/validation';
import { parseId } from '../../http/simpleRest';

// Survey actions: publish and close (editors), answer (every user of the account, while
// published), and the results and CSV export of the answers (editors).

const answerSchema = z.strictObject({
  answers: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), z.null()])),
});

const parseAnswers = (json: string) => JSON.parse(json) as Record<string, AnswerValue>;

export function registerSurveyActionRoutes(app: FastifyInstance): void {
  const path = '/api/v1/surveys/:id';
  const read = { preHandler: requireSection('surveys', 'read') };
  const write = { preHandler: requireSection('surveys', 'write') };

  async function answersOf(surveyId: number) {
    return app.db
      .selectFrom('survey_answers')
      .leftJoin('users', 'users.id', 'survey_answers.user_id')
      .select(['survey_answers.answers_json', 'survey_answers.created_at', 'users.username'])
      .where('survey_answers.survey_id', '=', surveyId)
      .orderBy('survey_answers.id')
      .execute();
  }

  app.post(`${path}/publish`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSurveyRow(app.db, accountId, parseId(request.params), {
      includeDrafts: true,
    });
    if (row.status === 'published') throw conflict('The survey is published already.');
    if (questionsOf(row).length === 0) {
      throw badRequest('questions: add at least one question before publishing.', 'questions');
    }
    const answers = (await answersOf(row.id)).map((answer) => ({
      answers: parseAnswers(answer.answers_json),
      createdAt: answer.created_at,
    }));
    const datasetId = await publishSurveyDataset(app, row, answers);
    const updated = await app.db
      .updateTable('surveys')
      .set({ status: 'published', dataset_id: datasetId, updated_at: nowIso() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSurvey(updated);
  });

  app.post(`${path}/close`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSurveyRow(app.db, accountId, parseId(request.params), {
      includeDrafts: true,
    });
    if (row.status !== 'published') throw conflict('Only a published survey can be closed.');
    const updated = await app.db
      .updateTable('surveys')
      .set({ status: 'closed', updated_at: nowIso() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSurvey(updated);
  });

  app.get(`${path}/my-answers`, read, async (request) => {
    const user = currentUser(request);
    const row = await findSurveyRow(app.db, user.accountId, parseId(request.params), {
      includeDrafts: false,
    });
    const count = await answerCountOf(app.db, row.id, user.id);
    const open = row.status === 'published';
    return { count, canAnswer: open && (count === 0 || Boolean(row.allow_multiple)) };
  });

  app.post(`${path}/answers`, read, async (request, reply) => {
    const user = currentUser(request);
    const row = await findSurveyRow(app.db, user.accountId, parseId(request.params), {
      includeDrafts: false,
    });
    if (row.status !== 'published')
      throw conflict('This survey is closed: it takes no more answers.');
    const { answers } = parsePayload(answerSchema, request.body);
    const questions = questionsOf(row);
    const issue = firstAnswerIssue(questions, answers);
    if (issue)
      throw badRequest(
        `answers.${issue.questionId}: ${issue.message}.`,
        `answers.${issue.questionId}`,
      );
    const stored = { answers: cleanAnswers(questions, answers), createdAt: nowIso() };
    const created = await app.db.transaction().execute(async (trx) => {
      // Two quick clicks must not store two answers: on PostgreSQL the survey row is locked
      // until this answer is in (SQLite runs one write transaction at a time anyway).
      if (isPostgres(trx)) {
        await trx.selectFrom('surveys').select('id').where('id', '=', row.id).forUpdate().execute();
      }
      if (!row.allow_multiple && (await answerCountOf(trx, row.id, user.id)) > 0) {
        throw conflict('You have answered this survey already.');
      }
      return trx
        .insertInto('survey_answers')
        .values({
          survey_id: row.id,
          account_id: user.accountId,
          user_id: user.id,
          answers_json: JSON.stringify(stored.answers),
          created_at: stored.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    await appendSurveyAnswer(app, row, stored, await answerCountOf(app.db, row.id));
    return reply.code(201).send({ id: created.id, ...stored });
  });

  app.get(`${path}/results`, write, async (request) => {
    const row = await findSurveyRow(
      app.db,
      currentUser(request).accountId,
      parseId(request.params),
      {
        includeDrafts: true,
      },
    );
    const answers = (await answersOf(row.id)).map((answer) => parseAnswers(answer.answers_json));
    return surveyResults(questionsOf(row), answers);
  });

  app.get(`${path}/answers.csv`, write, async (request, reply) => {
    const row = await findSurveyRow(
      app.db,
      currentUser(request).accountId,
      parseId(request.params),
      {
        includeDrafts: true,
      },
    );
    const answers = (await answersOf(row.id)).map((answer) => ({
      createdAt: answer.created_at,
      respondent: answer.username ?? '',
      answers: parseAnswers(answer.answers_json),
    }));
    const fileName = `survey-${row.id}-answers.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(answersCsv(questionsOf(row), answers));
  });
}
