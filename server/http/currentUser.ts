import type { FastifyRequest } from 'fastify';
import type { User } from '../../common/types';
import { forbidden, unauthorized } from '../errors';

// The signed-in user of a request, as plugins/auth set it (request.user is declared there).

/** The signed-in user; throws 401 (or 403 for a token of another site). */
export function currentUser(request: FastifyRequest): User {
  if (request.user) return request.user;
  if (request.tokenForOtherSite) throw forbidden('This token belongs to another site.');
  throw unauthorized();
}
