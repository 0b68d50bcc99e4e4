import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { JobHandle } from '../../jobs/jobQueue';
import { findAccountSurvey, findSurveyAnswer } from './repository';
import { parseAnswers } from './surveyRecords';
import { appendSurveyAnswer } from './surveyWarehouse';

// An answer is stored in the metadata store by its request; this job copies it into the
// survey's warehouse table and drops the warehouse's cached results, retried on failure.
// Keyed by the answer's id twice over: one queued job per answer, and one row per answer
// however often the job runs.

const SURVEY_ANSWER = z.object({ answerId: z.number().int().positive() });

type SurveyAnswerJob = z.infer<typeof SURVEY_ANSWER>;

/** The job's work: nothing when the answer or its survey has been deleted since. */
export async function copyAnswerToWarehouse(app: FastifyInstance, answerId: number) {
  const answer = await findSurveyAnswer(app.db, answerId);
  const survey = answer && (await findAccountSurvey(app.db, answer.account_id, answer.survey_id));
  if (!answer || !survey) return;
  const stored = {
    id: answer.id,
    answers: parseAnswers(answer.answers_json),
    createdAt: answer.created_at,
  };
  if (!(await appendSurveyAnswer(app, survey, stored))) {
    // Each instance has its own DuckDB files: another may hold the table (a retry may land there).
    throw new Error(`The warehouse of this instance has no table of survey ${survey.id}.`);
  }
}

export function defineSurveyAnswerJob(app: FastifyInstance): JobHandle<SurveyAnswerJob, void> {
  return app.jobs.define({
    name: 'survey-answer',
    payload: SURVEY_ANSWER,
    attempts: 5,
    keyOf: ({ answerId }) => `survey-answer-${answerId}`,
    run: ({ answerId }) => copyAnswerToWarehouse(app, answerId),
  });
}
