import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler, RouteShorthandOptions } from 'fastify';
import { ApiError } from '../errors';

// Request limits per client address on the public routes that look a secret token up (share
// links, create-password and pricing links, password reset), so tokens cannot be tried in
// bulk, and on SCIM provisioning. Registered with global: false: only the routes given `shareLookupLimit` or
// `tokenLookupLimit` are limited. Counted in Redis when REDIS_URL is set, so that another
// instance is not another budget; else in memory. When Redis is away requests are let through
// (skipOnError) rather than refused.

const MINUTE_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route options of the one-time-token budget (tokenLookupLimit): one shared counter. */
    tokenLookupOptions: RouteShorthandOptions;
  }
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:rate-limit:`, skipOnError: true }
      : {}),
    // The usual error body, with Retry-After (the plugin sets it on the reply too).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(429, `Too many requests. Try again in ${seconds} seconds.`, undefined, {
        'Retry-After': String(seconds),
      });
    },
  });
  const max = app.config.rateLimits.tokensPerMinute;
  // One handler (one counter) shared by every route it is given to.
  const options: RouteShorthandOptions =
    max > 0 ? { preHandler: app.rateLimit({ max, timeWindow: MINUTE_MS }) } : {};
  app.decorate('tokenLookupOptions', options);
}

/**
 * Options of a public share route: RATE_LIMIT_SHARE_PER_MINUTE requests per address, counted
 * per route (a dashboard's page makes one look-up and one query per chart).
 */
export function shareLookupLimit(app: FastifyInstance): RouteShorthandOptions {
  const max = app.config.rateLimits.sharePerMinute;
  return max > 0 ? { config: { rateLimit: { max, timeWindow: MINUTE_MS } } } : {};
}

/**
 * Options of a one-time-token route (create-password, pricing, activation) and of the routes
 * that e-mail an address given by anyone (password reset, registration):
 * RATE_LIMIT_TOKENS_PER_MINUTE requests per address, one budget across all of them.
 */
export function tokenLookupLimit(app: FastifyInstance): RouteShorthandOptions {
  return app.tokenLookupOptions;
}

/**
 * The hook that limits an account's SCIM requests (RATE_LIMIT_SCIM_PER_MINUTE per account and
 * client address, so an identity provider's bursts are bounded and a stranger's requests do
 * not spend the provider's budget); null when 0 turns it off.
 */
export function scimRequestLimit(app: FastifyInstance): onRequestHookHandler | null {
  const max = app.config.rateLimits.scimPerMinute;
  if (max <= 0) return null;
  return app.rateLimit({
    max,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `scim:${request.account?.id ?? 'none'}:${request.ip}`,
  });
}
