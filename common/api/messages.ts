import { z } from 'zod';

// What the message routes answer: the outbox of the signed-in user's account, and the
// announcement sent to every tenant user.

/** stored: no SMTP configured; pending: being sent; sent or failed: the SMTP answer. */
const OUTBOX_STATUSES = ['stored', 'pending', 'sent', 'failed'] as const;

/**
 * What became of the e-mail of a message just made: sent by SMTP, failed, or stored only
 * (no SMTP configured: nothing was sent).
 */
export const MAIL_STATUS = z.enum(['sent', 'failed', 'stored']);
export type MailStatus = z.infer<typeof MAIL_STATUS>;

export const ACCOUNT_MESSAGE = z.object({
  id: z.number(),
  recipient: z.string(),
  type: z.string(),
  subject: z.string(),
  body: z.string().describe('Markdown'),
  link: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const ANNOUNCEMENT_SENT = z.object({
  id: z.number(),
  recipients: z.number().describe('How many messages were sent'),
});
export type AnnouncementSent = z.infer<typeof ANNOUNCEMENT_SENT>;
