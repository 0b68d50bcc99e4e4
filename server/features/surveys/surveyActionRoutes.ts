import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cleanAnswers, firstAnswerIssue } from '../../../common/surveys';
import { nowIso } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { answersCsv } from './surveyCsv';
import { defineSurveyAnswerJob } from './surveyAnswerJob';
import { answerCountOf, findSurveyRow, parseAnswers, questionsOf, toSurvey } from './surveyRecords';
import { surveyResults } from './surveyResults';
import { publishSurveyDataset } from './surveyWarehouse';
import {
  answersOf,
  inTransaction,
  insertSurveyAnswer,
  lockSurvey,
  setSurveyStatus,
} from './repository';
import { ANSWER, ANSWERS_CSV, CLOSE, MY_ANSWERS, PUBLISH, RESULTS } from './schemas';

// Survey actions: publish and close (editors), answer (every user of the account, while
// published; the answer reaches the survey's dataset through a job), and the results and CSV
// export of the answers (editors).

export function registerSurveyActionRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/surveys/:id';
  // Who may read or write is asked before the route schema validates the request.
  const read = requireSection('surveys', 'read');
  const write = requireSection('surveys', 'write');
  const copyToWarehouse = defineSurveyAnswerJob(app);

  typed.post(`${path}/publish`, { preValidation: write, schema: PUBLISH }, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSurveyRow(app.db, accountId, request.params.id, {
      includeDrafts: true,
    });
    if (row.status === 'published') throw conflict('The survey is published already.');
    if (questionsOf(row).length === 0) {
      throw badRequest('questions: add at least one question before publishing.', 'questions');
    }
    const answers = (await answersOf(app.db, row.id)).map((answer) => ({
      id: answer.id,
      answers: parseAnswers(answer.answers_json),
      createdAt: answer.created_at,
    }));
    const datasetId = await publishSurveyDataset(app, row, answers);
    const updated = await setSurveyStatus(app.db, row.id, {
      status: 'published',
      dataset_id: datasetId,
    });
    return toSurvey(updated);
  });

  typed.post(`${path}/close`, { preValidation: write, schema: CLOSE }, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSurveyRow(app.db, accountId, request.params.id, {
      includeDrafts: true,
    });
    if (row.status !== 'published') throw conflict('Only a published survey can be closed.');
    return toSurvey(await setSurveyStatus(app.db, row.id, { status: 'closed' }));
  });

  const standing = { preValidation: read, schema: MY_ANSWERS };
  typed.get(`${path}/my-answers`, standing, async (request) => {
    const user = currentUser(request);
    const row = await findSurveyRow(app.db, user.accountId, request.params.id, {
      includeDrafts: false,
    });
    const count = await answerCountOf(app.db, row.id, user.id);
    const open = row.status === 'published';
    return { count, canAnswer: open && (count === 0 || Boolean(row.allow_multiple)) };
  });

  const answer = { preValidation: read, schema: ANSWER };
  typed.post(`${path}/answers`, answer, async (request, reply) => {
    const user = currentUser(request);
    const row = await findSurveyRow(app.db, user.accountId, request.params.id, {
      includeDrafts: false,
    });
    if (row.status !== 'published')
      throw conflict('This survey is closed: it takes no more answers.');
    const { answers } = request.body;
    const questions = questionsOf(row);
    const issue = firstAnswerIssue(questions, answers);
    if (issue)
      throw badRequest(
        `answers.${issue.questionId}: ${issue.message}.`,
        `answers.${issue.questionId}`,
      );
    const stored = { answers: cleanAnswers(questions, answers), createdAt: nowIso() };
    const id = await inTransaction(app.db, async (trx) => {
      await lockSurvey(trx, row.id);
      if (!row.allow_multiple && (await answerCountOf(trx, row.id, user.id)) > 0) {
        throw conflict('You have answered this survey already.');
      }
      return insertSurveyAnswer(trx, {
        surveyId: row.id,
        accountId: user.accountId,
        userId: user.id,
        answersJson: JSON.stringify(stored.answers),
        createdAt: stored.createdAt,
      });
    });
    await copyToWarehouse.enqueue({ answerId: id });
    return reply.code(201).send({ id, ...stored });
  });

  typed.get(`${path}/results`, { preValidation: write, schema: RESULTS }, async (request) => {
    const row = await findSurveyRow(app.db, currentUser(request).accountId, request.params.id, {
      includeDrafts: true,
    });
    const answers = (await answersOf(app.db, row.id)).map((answer) =>
      parseAnswers(answer.answers_json),
    );
    return surveyResults(questionsOf(row), answers);
  });

  const csv = { preValidation: write, schema: ANSWERS_CSV };
  typed.get(`${path}/answers.csv`, csv, async (request, reply) => {
    const row = await findSurveyRow(app.db, currentUser(request).accountId, request.params.id, {
      includeDrafts: true,
    });
    const answers = (await answersOf(app.db, row.id)).map((answer) => ({
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
