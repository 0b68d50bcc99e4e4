import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SlotValues } from '../../db/queryTemplates';
import { runListQuery } from '../../db/listQuery';
import { hashToken, newToken } from '../../http/tokens';
import { notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { listRoute } from '../../http/listRoute';
import { type ListOptions } from '../../http/simpleRest';
import { toApiToken } from './records';
import {
  findUserToken,
  insertApiToken,
  revokeUserToken,
  selectUserTokens,
  type TokenOwner,
} from './repository';
import { CREATE_TOKEN, GET_TOKEN, LIST_TOKENS, REVOKE_TOKEN } from './schemas';

// Personal API tokens (section `tokens`, tenant admins): stored hashed in the sessions table
// with kind 'api' and a scope ('read' tokens may only make GET/HEAD calls, see
// plugins/auth.ts). The token itself is answered once, at creation; deleting a token revokes
// it. Everyone sees and revokes only their own tokens; any other token answers 404.

const DEFAULT_EXPIRY_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

const LIST: ListOptions = {
  columns: {
    id: 'id',
    label: 'label',
    createdAt: 'created_at',
    lastUsedAt: 'last_used_at',
    expiresAt: 'expires_at',
    revokedAt: 'revoked_at',
    scope: 'scope',
  },
  sortable: ['id', 'label', 'scope', 'createdAt', 'lastUsedAt', 'expiresAt'],
  filterable: ['id', 'scope'],
  searchable: ['label'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

const ownerOf = (request: FastifyRequest): TokenOwner => {
  const user = currentUser(request);
  return { accountId: user.accountId, userId: user.id };
};

export function registerTokenRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = requireSection('tokens', 'read');
  const write = requireSection('tokens', 'write');

  const listOwn = listRoute({
    resource: 'tokens',
    options: LIST,
    page: async (request, query) => {
      const source = {
        name: 'tokens',
        values: { ...ownerOf(request) },
        base: (values: SlotValues) => selectUserTokens(app.db, values),
      };
      const { rows, total } = await runListQuery(app.db, source, query, LIST);
      return { records: rows.map(toApiToken), total };
    },
  });
  app.get('/api/v1/tokens', { preValidation: read, schema: LIST_TOKENS }, listOwn);

  typed.get('/api/v1/tokens/:id', { preValidation: read, schema: GET_TOKEN }, async (request) => {
    const row = await findUserToken(app.db, ownerOf(request), request.params.id);
    if (!row) throw notFound('Token');
    return toApiToken(row);
  });

  const create = { preValidation: write, bodyLimit: 16 * 1024, schema: CREATE_TOKEN };
  typed.post('/api/v1/tokens', create, async (request) => {
    const input = request.body;
    const token = newToken();
    const now = new Date();
    const expiresInMs = (input.expiresInDays ?? DEFAULT_EXPIRY_DAYS) * DAY_MS;
    const row = await insertApiToken(app.db, ownerOf(request), {
      tokenHash: hashToken(token),
      label: input.label,
      scope: input.scope,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + expiresInMs).toISOString(),
    });
    return { ...toApiToken(row), token };
  });

  const revoke = { preValidation: write, schema: REVOKE_TOKEN };
  typed.delete('/api/v1/tokens/:id', revoke, async (request) => {
    const owner = ownerOf(request);
    await revokeUserToken(app.db, owner, request.params.id);
    const row = await findUserToken(app.db, owner, request.params.id);
    if (!row) throw notFound('Token');
    return toApiToken(row);
  });
}
