import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../errors';
import { announcementText } from '../../mail/messageTexts';
import type { StoredMessage } from '../../mail/outbox';
import { requireSection } from '../../plugins/auth';
import { findAnnouncementRecipients, findPlatformMessage, inTransaction } from './repository';
import { SEND_ANNOUNCEMENT } from './schemas';

// Sending a published announcement of the platform admin: one message to every active user of
// every active tenant account, each kept in that account's outbox and sent by SMTP when set.

export function registerAnnouncementRoutes(app: FastifyInstance): void {
  const outbox = app.outbox;
  // Who may send is asked before the route schema validates the request.
  const options = { preValidation: requireSection('messages', 'write'), schema: SEND_ANNOUNCEMENT };

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/v1/messages/:id/send', options, async (request) => {
      const id = request.params.id;
      const announcement = await findPlatformMessage(app.db, id);
      if (!announcement) throw notFound('Message');
      if (!announcement.published) {
        throw conflict('Publish the announcement before sending it.', 'published');
      }
      const stored: StoredMessage[] = await inTransaction(app.db, async (trx) => {
        const recipients = await findAnnouncementRecipients(trx);
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
    });
}
