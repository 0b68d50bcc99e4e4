import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { PLATFORM_SITE } from '../../src/model/types';
import type { OutboxStatus } from '../db/platformSchema';
import { nowIso, type Database } from '../db/schema';
import { createSmtpMailer, type Mailer } from './mailer';
import { siteOrigin } from './publicUrls';

// The outbox: every message the product sends is stored in its account's outbox first, then
// sent by SMTP when SMTP_URL is set. A failed send is recorded on the message (status
// failed + the error), never thrown at the request that caused it.
//
// A message's link carries a one-time token (create-password, pricing): it goes into the
// e-mail sent right after the commit and is never stored, so nobody reading the outbox later
// can use it. Its origin is the configured public URL of the account's site (publicUrls.ts).

export interface NewMessage {
  /** The account whose outbox holds it; messages to registrants go to the platform account. */
  accountId: number;
  recipient: string;
  type: string;
  subject: string;
  /** Markdown. */
  body: string;
  /**
   * Path in the app (`/pricing/<token>`); the e-mail carries it as an absolute URL on the
   * account's site. Kept in memory for the send only: the stored message has no link.
   */
  link?: string;
}

export interface Outbox {
  /**
   * Stores the message (in `db`, e.g. a transaction) and returns a function that sends it;
   * call that once the transaction has committed.
   */
  store: (db: Kysely<Database>, message: NewMessage) => Promise<StoredMessage>;
  /** Stores and sends at once (outside a transaction); answers the message's id. */
  deliver: (message: NewMessage) => Promise<number>;
}

export interface StoredMessage {
  id: number;
  /** Sends it by SMTP when configured (a no-op otherwise); never throws. */
  send: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores every message the product sends, and sends it by SMTP when configured. */
    outbox: Outbox;
  }
}

/** Decorates `app.outbox` (after app.db and app.config): one SMTP transport, closed with it. */
export function registerOutbox(app: FastifyInstance): void {
  const mailer = app.config.smtp ? createSmtpMailer(app.config.smtp) : null;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  app.decorate('outbox', createOutbox(app.db, mailer, app.config.publicUrl));
}

export async function platformAccountId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', PLATFORM_SITE)
    .executeTakeFirstOrThrow();
  return row.id;
}

function mailText(message: NewMessage, origin: string): string {
  return message.link ? `${message.body}\n\n${origin}${message.link}\n` : `${message.body}\n`;
}

/** Where a message's link points and whose name it is sent under (a tenant's own, not ours). */
async function accountSender(db: Kysely<Database>, accountId: number, publicUrl: string) {
  const account = await db
    .selectFrom('accounts')
    .leftJoin('company_profiles', 'company_profiles.account_id', 'accounts.id')
    .select(['accounts.site', 'accounts.name', 'company_profiles.name as brandName'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirstOrThrow();
  const fromName =
    account.site === PLATFORM_SITE ? null : account.brandName?.trim() || account.name;
  return { origin: siteOrigin({ publicUrl }, account.site), fromName };
}

function createOutbox(db: Kysely<Database>, mailer: Mailer | null, publicUrl: string): Outbox {
  const markSent = async (id: number, status: OutboxStatus, error: string | null) => {
    await db
      .updateTable('outbox_messages')
      .set({ status, error, sent_at: status === 'sent' ? nowIso() : null })
      .where('id', '=', id)
      .execute();
  };

  const sender =
    (id: number, message: NewMessage, origin: string, fromName: string | null) => async () => {
      if (!mailer) return;
      try {
        await mailer.send({
          fromName,
          to: message.recipient,
          subject: message.subject,
          text: mailText(message, origin),
        });
        await markSent(id, 'sent', null);
      } catch (error) {
        await markSent(id, 'failed', error instanceof Error ? error.message : String(error));
      }
    };

  const store: Outbox['store'] = async (target, message) => {
    const { origin, fromName } = await accountSender(target, message.accountId, publicUrl);
    const row = await target
      .insertInto('outbox_messages')
      .values({
        account_id: message.accountId,
        recipient: message.recipient,
        type: message.type,
        subject: message.subject,
        body: message.body,
        // The link's token works once; the stored message must not hand it out again.
        link: null,
        // Without SMTP the message stays readable in the app only.
        status: mailer ? 'pending' : 'stored',
        error: null,
        created_at: nowIso(),
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, send: sender(row.id, message, origin, fromName) };
  };

  return {
    store,
    deliver: async (message) => {
      const stored = await store(db, message);
      await stored.send();
      return stored.id;
    },
  };
}
