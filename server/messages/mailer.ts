import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config';

// Sends one message by SMTP (nodemailer). The outbox decides what to send; this only talks
// to the SMTP server.

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text (the markdown body with the absolute link). */
  text: string;
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
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
    close: () => transport.close(),
  };
}
