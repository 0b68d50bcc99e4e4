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

export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
    close: () => transport.close(),
  };
}
