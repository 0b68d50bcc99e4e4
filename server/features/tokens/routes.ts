import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SlotValues } from '../../db/queryTemplates';
import { runListQuery } from '../../http/listQuery';
import { hashToken, newToken } from '../auth/tokens';
import { nowIso } from '../../db/schema';
import { notFound } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';
import { toApiToken } from './records';
import { apiTokenCreateSchema } from './schemas';

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

const COLUMNS = [
  'id',
  'label',
  'scope',
  'created_at',
  'last_used_at',
  'expires_at',
  'revoked_at',
] as const;

export function registerTokenRoutes(app: FastifyInstance): void {
  const read = requireSection('tokens', 'read');
  const write = requireSection('tokens', 'write');

  const userTokens = (values: SlotValues) =>
    app.db
      .selectFrom('sessions')
      .select(COLUMNS)
      .where('account_id', '=', values.accountId as number)
      .where('user_id', '=', values.userId as number)
      .where('kind', '=', 'api');
  const ownerOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { accountId: user.accountId, userId: user.id };
  };
  const ownTokens = (request: FastifyRequest) => userTokens(ownerOf(request));

  app.get('/api/v1/tokens', { preHandler: read }, (request, reply) =>
    sendCachedList(request, reply, 'tokens', async () => {
      const list = parseListQuery(request.query, LIST);
      const source = {
        name: 'tokens',
        values: ownerOf(request),
        base: userTokens,
      };
      const { rows, total } = await runListQuery(app.db, source, list, LIST);
      return { rows: rows.map(toApiToken), start: list.start, total };
    }),
  );

  app.get('/api/v1/tokens/:id', { preHandler: read }, async (request) => {
    const row = await ownTokens(request)
      .where('id', '=', parseId(request.params))
      .executeTakeFirst();
    if (!row) throw notFound('Token');
    return toApiToken(row);
  });

  app.post('/api/v1/tokens', { preHandler: write, bodyLimit: 16 * 1024 }, async (request) => {
    const input = parsePayload(apiTokenCreateSchema, request.body);
    const user = currentUser(request);
    const token = newToken();
    const now = new Date();
    const row = await app.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        account_id: user.accountId,
        kind: 'api',
        label: input.label,
        scope: input.scope,
        expires_at: new Date(
          now.getTime() + (input.expiresInDays ?? DEFAULT_EXPIRY_DAYS) * DAY_MS,
        ).toISOString(),
        revoked_at: null,
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { ...toApiToken(row), token };
  });

  app.delete('/api/v1/tokens/:id', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const user = currentUser(request);
    await app.db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('account_id', '=', user.accountId)
      .where('user_id', '=', user.id)
      .where('kind', '=', 'api')
      .where('revoked_at', 'is', null)
      .execute();
    const row = await ownTokens(request).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Token');
    return toApiToken(row);
  });
}
