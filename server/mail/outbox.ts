import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { PLATFORM_SITE } from '../../common/types';
import type { MailStatus } from '../../common/api/messages';
import type { OutboxStatus } from '../db/platformSchema';
import { insertOutboxMessage, markOutboxMessage } from '../db/outboxMessages';
import { nowIso, type Database } from '../db/schema';
import { findAccountIdentity, withAccountName } from './accountName';
import { createSmtpMailer, type MailAttachment, type Mailer } from './mailer';
import { siteOrigin } from './publicUrls';

// The outbox: every message the product sends is stored in its account's outbox first, then
// sent by SMTP when SMTP_URL is set. A failed send is recorded on the message (status
// failed + the error), never thrown at the request that caused it.
//
// A message's link carries a one-time token (create-password, pricing): it goes into the
// e-mail sent right after the commit and is never stored, so nobody reading the outbox later
// can use it. Its origin is the configured public URL of the account's site (publicUrls.ts).
// The stored text says so instead of pointing at a link it does not hold.

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
  /** The e-mail's sentence before the link ("Create your password with this link:"). */
  linkPrompt?: string;
  /**
   * An HTML alternative sent with the e-mail only (the stored message keeps the markdown):
   * it may show `attachments` with a `cid` inline.
   */
  html?: string;
  /** Files sent with the e-mail only (the stored message lists none). */
  attachments?: MailAttachment[];
  /** Extra e-mail headers (List-Unsubscribe). */
  headers?: Record<string, string>;
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
  send: () => Promise<MailStatus>;
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

function mailText(message: NewMessage, origin: string, accountName: string): string {
  const body = withAccountName(message.body, accountName);
  if (!message.link) return `${body}\n`;
  return `${body}\n\n${message.linkPrompt ?? ''}\n${origin}${message.link}\n`;
}

/** What the stored copy of a message with a link says in the link's place. */
function storedBody(message: NewMessage, mailed: boolean): string {
  if (!message.link) return message.body;
  const note = mailed
    ? 'The link works once, so it is only in the e-mail and not kept here.'
    : 'No e-mail was sent from this site. The link works once and is not kept here: an ' +
      'administrator makes a new one to pass on by hand.';
  return `${message.body}\n\n_${note}_`;
}

/** Where a message's link points and whose name it is sent under (a tenant's own, not ours). */
async function accountSender(db: Kysely<Database>, accountId: number, publicUrl: string) {
  const account = await findAccountIdentity(db, accountId);
  const fromName = account.site === PLATFORM_SITE ? null : account.name;
  return { origin: siteOrigin({ publicUrl }, account.site), fromName, accountName: account.name };
}

function createOutbox(db: Kysely<Database>, mailer: Mailer | null, publicUrl: string): Outbox {
  const markSent = (id: number, status: OutboxStatus, error: string | null) =>
    markOutboxMessage(db, id, status, error);

  const sender = (id: number, message: NewMessage) => async (): Promise<MailStatus> => {
    if (!mailer) return 'stored';
    try {
      // Read after the commit: the account may be new, or renamed since the message was made.
      const { origin, fromName, accountName } = await accountSender(
        db,
        message.accountId,
        publicUrl,
      );
      await mailer.send({
        fromName,
        to: message.recipient,
        subject: withAccountName(message.subject, accountName),
        text: mailText(message, origin, accountName),
        html: message.html,
        attachments: message.attachments,
        headers: message.headers,
      });
      await markSent(id, 'sent', null);
      return 'sent';
    } catch (error) {
      await markSent(id, 'failed', error instanceof Error ? error.message : String(error));
      return 'failed';
    }
  };

  const store: Outbox['store'] = async (target, message) => {
    const id = await insertOutboxMessage(target, {
      account_id: message.accountId,
      recipient: message.recipient,
      type: message.type,
      subject: message.subject,
      body: storedBody(message, mailer !== null),
      // The link's token works once; the stored message must not hand it out again.
      link: null,
      // Without SMTP the message stays readable in the app only.
      status: mailer ? 'pending' : 'stored',
      error: null,
      created_at: nowIso(),
      sent_at: null,
    });
    return { id, send: sender(id, message) };
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
