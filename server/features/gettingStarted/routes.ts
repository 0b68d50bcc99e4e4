import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Checklist } from '../../../common/api/gettingStarted';
import { checklistItems } from '../../../common/gettingStarted';
import { accountFacts } from './accountFacts';
import { forgetMilestone, hasMilestone, reachMilestone } from './milestoneService';
import { currentUser, requireSection } from '../../plugins/auth';
import { DISMISS, SHOW } from './schemas';

// GET /api/v1/gettingStarted: the checklist of the signed-in user's account, ticked from its
// real state; PUT { dismissed } hides it for that user (or shows it again).

export async function registerGettingStartedRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Who may read is asked before the route schema validates the body.
  const read = requireSection('getting-started', 'read');

  const checklistOf = async (accountId: number, userId: number): Promise<Checklist> => ({
    items: checklistItems(await accountFacts(app, accountId)),
    dismissed: await hasMilestone(app.db, accountId, 'checklist-dismissed', userId),
  });

  typed.get('/api/v1/gettingStarted', { preValidation: read, schema: SHOW }, async (request) => {
    const user = currentUser(request);
    return checklistOf(user.accountId, user.id);
  });

  typed.put('/api/v1/gettingStarted', { preValidation: read, schema: DISMISS }, async (request) => {
    const { dismissed } = request.body;
    const user = currentUser(request);
    const change = dismissed ? reachMilestone : forgetMilestone;
    await change(app.db, user.accountId, 'checklist-dismissed', user.id);
    return checklistOf(user.accountId, user.id);
  });
}
