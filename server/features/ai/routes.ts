import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { QuestionFacts } from '../../../common/api/ai';
import {
  parseQuestion,
  type AskAnswer,
  type ParseResult,
  type QuestionAnswer,
} from '../../../common/nl';
import { askModel, ModelUnavailableError } from './modelClient';
import { answerFromProposal } from './modelProposal';
import { questionContextFor } from './questionContext';
import { loadDataset } from '../datasets/repository';
import { reachMilestone } from '../gettingStarted/milestoneService';
import type { AiConfig } from '../../config';
import { badRequest } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { ASK, QUESTION_CONTEXT } from './schemas';

// POST /api/v1/aicharts/ask: a question about one of the account's datasets becomes a chart
// spec, read by the built-in parser (offline, deterministic) and, when the operator set one
// up and the parser could not place the whole question, by a language model.

/** The model is asked only when the parser understood nothing, or left words unplaced. */
function wantsModel(parsed: ParseResult): boolean {
  return !parsed.understood || parsed.unmatched.length > 0;
}

function notUnderstood(datasetName: string, modelTrouble?: string): never {
  const model = modelTrouble ? ` (${modelTrouble})` : '';
  throw badRequest(
    `question: no field, value or keyword of "${datasetName}" was recognised in it${model}. ` +
      'Name a field, for example "average price by category".',
    'question',
  );
}

export async function registerAiRoutes(app: FastifyInstance, ai: AiConfig | null): Promise<void> {
  const engine = app.queryEngine;

  // What the Ask box needs to parse and suggest as the user types: sampled values and ranges.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Who may ask is checked before the request is validated.
  const readers = { preValidation: requireSection('aicharts', 'read') };

  typed.get(
    '/api/v1/aicharts/context/:id',
    { ...readers, schema: QUESTION_CONTEXT },
    async (request): Promise<QuestionFacts> => {
      const datasetId = request.params.id;
      const user = currentUser(request);
      const viewer = await engine.viewerOf(user);
      const dataset = await loadDataset(app.db, user.accountId, datasetId);
      const asker = { accountId: user.accountId, viewer };
      const { values, ranges } = await questionContextFor(engine, asker, dataset);
      return { values, ranges };
    },
  );

  typed.post(
    '/api/v1/aicharts/ask',
    { ...readers, config: { readsOnly: true }, schema: ASK },
    async (request): Promise<AskAnswer> => {
      const { datasetId, question, language } = request.body;
      const user = currentUser(request);
      const accountId = user.accountId;
      const viewer = await engine.viewerOf(user);
      const dataset = await loadDataset(app.db, accountId, datasetId);
      const context = await questionContextFor(engine, { accountId, viewer }, dataset);
      const parsed = parseQuestion(question, context, language);

      let answer: QuestionAnswer = parsed;
      let answeredBy: AskAnswer['answeredBy'] = 'parser';
      if (ai && wantsModel(parsed)) {
        try {
          const alternatives = parsed.understood ? [parsed.spec, ...parsed.alternatives] : [];
          answer = answerFromProposal(await askModel(ai, dataset, question), dataset, alternatives);
          answeredBy = 'model';
        } catch (error) {
          // A parser reading beats no answer when the model is down or says nonsense.
          if (parsed.understood) request.log.warn({ err: error }, 'language model not used');
          else if (error instanceof ModelUnavailableError)
            notUnderstood(dataset.name, error.message);
          else throw error;
        }
      } else if (!parsed.understood) {
        notUnderstood(dataset.name);
      }
      const { spec, interpretation, unmatched, alternatives, notes } = answer;
      const { sql } = await engine.compileSemantic(accountId, spec.query, viewer);
      await reachMilestone(app.db, accountId, 'asked');
      return { spec, interpretation, unmatched, alternatives, notes, sql, answeredBy };
    },
  );
}
