import type { FastifyInstance } from 'fastify';
import { PLATFORM_SITE } from '../../../src/model/types';
import { conflict, notFound } from '../../http/errors';
import { announcementText } from '../../mail/messageTexts';
import type { StoredMessage } from '../../mail/outbox';
import { requireSection } from '../../plugins/auth';
import { parseId } from '../../http/simpleRest';

// Sending a published announcement of the platform admin: one message to every active user of
// every active tenant account, each kept in that account's outbox and sent by SMTP when set.

export function registerAnnouncementRoutes(app: FastifyInstance): void {
  const outbox = app.outbox;

  app.post(
    '/api/v1/messages/:id/send',
    { preHandler: requireSection('messages', 'write') },
    async (request) => {
      const id = parseId(request.params);
      const announcement = await app.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!announcement) throw notFound('Message');
      if (!announcement.published) {
        throw conflict('Publish the announcement before sending it.', 'published');
      }
      const stored: StoredMessage[] = await app.db.transaction().execute(async (trx) => {
        const recipients = await trx
          .selectFrom('users')
          .innerJoin('accounts', 'accounts.id', 'users.account_id')
          .select(['users.email', 'users.account_id'])
          .where('users.active', '=', 1)
          .where('accounts.active', '=', 1)
          .where('accounts.site', '!=', PLATFORM_SITE)
          .where('users.email', '!=', '')
          .orderBy('users.id')
          .execute();
        const text = announcementText(announcement.title, announcement.body);
        const messages: StoredMessage[] = [];
        for (const recipient of recipients) {
          messages.push(
            await outbox.store(trx, {
              accountId: recipient.account_id,
              recipient: recipient.email,
              ...text,
            }),
          );
        }
        return messages;
      });
      for (const message of stored) await message.send();
      return { id, recipients: stored.length };
    },
  );
}
