import type { FastifyInstance } from 'fastify';
import { registerSurveyActionRoutes } from './surveyActionRoutes';
import { registerSurveyCrudRoutes } from './surveyCrudRoutes';

// Surveys: the simple-rest resource and its actions (publish, close, answer, results, CSV).
export function registerSurveyRoutes(app: FastifyInstance): void {
  registerSurveyCrudRoutes(app);
  registerSurveyActionRoutes(app);
}
