import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { SavedChart } from '../../common/charts';
import type { InvalidLinkReason } from '../../common/api/shares';
import { bearerToken } from '../plugins/auth';

// What the public routes opened by a bearer (a share link's token, an embed token) have in
// common: the bearer and the object of the path read before anything else, and a refusal
// answered 404 with the reason the web app turns into a message page, never data; and a
// chart as such a route shows it.

const INVALID_LINK_MESSAGE = 'This shared link is not valid.';

/** The 404 of a refused link: `message` says what is wrong when the bearer may be told. */
export function invalidLinkBody(reason: InvalidLinkReason, message = INVALID_LINK_MESSAGE) {
  return { statusCode: 404, error: 'Not Found', message, reason };
}

export class LinkRefused extends Error {
  /** `told`: what is wrong, when the bearer may be told (a signed embed token's claims). */
  constructor(
    readonly reason: InvalidLinkReason,
    readonly told?: string,
  ) {
    super(reason);
  }
}

/** What a public route's request carries: the object id of its path, the bearer, the site. */
export interface LinkBearer {
  objectId: number;
  token: string;
  accountId: number;
}

/**
 * The bearer of a public route and the id in its path parameter `param`. A link allows no
 * query parameters (one that is there anyway is not a link we made); no bearer, no such id or
 * no active account of the site is an invalid link.
 */
export function linkBearerOf(request: FastifyRequest, param: string): LinkBearer {
  if (Object.keys((request.query as object | undefined) ?? {}).length > 0) {
    throw new LinkRefused('invalid');
  }
  const rawId = (request.params as Record<string, string | undefined>)[param] ?? '';
  const objectId = /^\d{1,15}$/.test(rawId) ? Number(rawId) : 0;
  const token = bearerToken(request);
  const account = request.account;
  if (!objectId || !token || !account || !account.active) throw new LinkRefused('invalid');
  return { objectId, token, accountId: account.id };
}

/**
 * A preValidation hook running `open` before the body is read: a refused link answers 404
 * with its reason. No answer of a public route is stored by a cache on the way.
 */
export function openedFirst(
  open: (request: FastifyRequest) => Promise<void>,
): preValidationAsyncHookHandler {
  return async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await open(request);
    } catch (error) {
      if (error instanceof LinkRefused) {
        return reply.status(404).send(invalidLinkBody(error.reason, error.told));
      }
      throw error;
    }
  };
}

/** A saved chart as a link or an embed token shows it: without its stamps. */
export function sharedChartOf(chart: SavedChart): SavedChart {
  const { id, datasetId, name, description, spec, translations } = chart;
  return { id, datasetId, name, description, spec, ...(translations ? { translations } : {}) };
}
