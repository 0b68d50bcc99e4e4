import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checklistItems, type Checklist } from '../../../src/model/gettingStarted';
import { accountFacts } from './accountFacts';
import { forgetMilestone, hasMilestone, reachMilestone } from './milestones';
import { currentUser, requireSection } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';

// GET /api/v1/gettingStarted: the checklist of the signed-in user's account, ticked from its
// real state; PUT { dismissed } hides it for that user (or shows it again).

const dismissSchema = z.strictObject({ dismissed: z.boolean() });

export async function registerGettingStartedRoutes(app: FastifyInstance): Promise<void> {
  const read = requireSection('getting-started', 'read');

  const checklistOf = async (accountId: number, userId: number): Promise<Checklist> => ({
    items: checklistItems(await accountFacts(app, accountId)),
    dismissed: await hasMilestone(app.db, accountId, 'checklist-dismissed', userId),
  });

  app.get('/api/v1/gettingStarted', { preHandler: read }, async (request) => {
    const user = currentUser(request);
    return checklistOf(user.accountId, user.id);
  });

  app.put('/api/v1/gettingStarted', { preHandler: read }, async (request) => {
    const { dismissed } = parsePayload(dismissSchema, request.body);
    const user = currentUser(request);
    const change = dismissed ? reachMilestone : forgetMilestone;
    await change(app.db, user.accountId, 'checklist-dismissed', user.id);
    return checklistOf(user.accountId, user.id);
  });
}
