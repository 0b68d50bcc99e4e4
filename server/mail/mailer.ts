import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config';

// Sends one message by SMTP (nodemailer). The outbox decides what to send; this only talks
// to the SMTP server.

export interface OutgoingMail {
  /** The display name to send under (a tenant's company name); null keeps SMTP_FROM's. */
  fromName?: string | null;
  to: string;
  subject: string;
  /** Plain text (the markdown body with the absolute link). */
  text: string;
  /** An HTML alternative of the text (pictures of charts shown inline by their `cid`). */
  html?: string;
  /** Files sent with the message (a dashboard's PDF, a chart's data). */
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inline where the HTML says `cid:<cid>` (a chart's picture), not as a file. */
  cid?: string;
}

export interface Mailer {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

// Sending happens while the request that caused it waits: a silent server must not hold it
// for nodemailer's default two minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({ url: smtp.url, ...TIMEOUTS });
  return {
    send: async ({ fromName, ...mail }) => {
      await transport.sendMail({ from: senderOf(smtp.from, fromName), ...mail });
    },
    close: () => transport.close(),
  };
}

/** SMTP_FROM's address under another display name: `Acme <no-reply@…>` for Acme's messages. */
export function senderOf(from: string, fromName: string | null | undefined) {
  if (!fromName) return from;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return { name: fromName, address };
}
