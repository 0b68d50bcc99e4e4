import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import type { OutboxMessagesTable } from '../../db/platformSchema';
import type { SlotValues } from '../../db/queryTemplates';
import { notFound } from '../../errors';
import { findAccountIdentity, withAccountName } from '../../mail/accountName';
import { currentUser, requireUser } from '../../plugins/auth';
import { runScopedListQuery } from '../../db/listQuery';
import { listRoute } from '../../http/listRoute';
import type { ListOptions } from '../../http/simpleRest';
import { outboxMessages } from './repository';
import { LIST, SHOW } from './schemas';

// The outbox of the signed-in user's account, read-only: admins (and platform admins, whose
// account holds the messages to registrants) read all of it; other users the messages
// addressed to them (announcements included), since invitations carry single-use links.

const LIST_OPTIONS: ListOptions = {
  columns: {
    id: 'id',
    recipient: 'recipient',
    type: 'type',
    subject: 'subject',
    status: 'status',
    createdAt: 'created_at',
    sentAt: 'sent_at',
  },
  sortable: ['id', 'recipient', 'type', 'subject', 'status', 'createdAt'],
  filterable: ['id', 'type', 'status', 'recipient'],
  searchable: ['subject', 'recipient', 'type'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/** The message as read now: its account named by the name it has now. */
function toAccountMessage(row: Selectable<OutboxMessagesTable>, accountName: string) {
  return {
    id: row.id,
    recipient: row.recipient,
    type: row.type,
    subject: withAccountName(row.subject, accountName),
    body: withAccountName(row.body, accountName),
    link: row.link,
    status: row.status,
    error: row.error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export function registerAccountMessageRoutes(app: FastifyInstance): void {
  const readsWholeOutbox = (request: FastifyRequest) => {
    const role = currentUser(request).role;
    return role === 'admin' || role === 'platform-admin';
  };
  const actorValues = (request: FastifyRequest): SlotValues => {
    const user = currentUser(request);
    return { accountId: user.accountId, email: user.email };
  };
  const outboxQuery = (whole: boolean, values: SlotValues) =>
    outboxMessages(app.db, whole, values.accountId as number, values.email as string);

  const listOptions = { preValidation: requireUser, schema: LIST };
  const listMessages = listRoute({
    resource: 'accountMessages',
    options: LIST_OPTIONS,
    page: async (request, query) => {
      const scope = { whole: readsWholeOutbox(request), values: actorValues(request) };
      const { rows, total } = await runScopedListQuery(
        app.db,
        'accountMessages',
        scope,
        outboxQuery,
        query,
        LIST_OPTIONS,
      );
      const { name } = await findAccountIdentity(app.db, currentUser(request).accountId);
      return { records: rows.map((row) => toAccountMessage(row, name)), total };
    },
  });
  app.get('/api/v1/accountMessages', listOptions, listMessages);

  const showOptions = { preValidation: requireUser, schema: SHOW };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/v1/accountMessages/:id', showOptions, async (request) => {
    const row = await outboxQuery(readsWholeOutbox(request), actorValues(request))
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!row) throw notFound('Message');
    const { name } = await findAccountIdentity(app.db, row.account_id);
    return toAccountMessage(row, name);
  });
}
