import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { tokenLookupLimit } from '../../plugins/rateLimits';

/**
 * The one-time-token budget (tokenLookupLimit) counted before the route schema validates the
 * body, as it was when the handler parsed it: a refused body still spends the budget.
 */
export function tokenLimitBeforeValidation(app: FastifyInstance): RouteShorthandOptions {
  const { preHandler } = tokenLookupLimit(app);
  return preHandler ? { preValidation: preHandler as RouteShorthandOptions['preValidation'] } : {};
}
