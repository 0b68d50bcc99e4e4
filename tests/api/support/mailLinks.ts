import type { LocalSmtpServer, ReceivedMail } from './localSmtpServer';

// Reading what the app e-mailed to the local SMTP server: the decoded text and its links.

/** The text of a quoted-printable (or plain) e-mail body, for looking up links in it. */
export function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every absolute http(s) URL in a mail's text. */
export function linksIn(mail: ReceivedMail): string[] {
  return decodedBody(mail.raw).match(/https?:\/\/[^\s]+/g) ?? [];
}

/** The one link of the latest mail to `recipient`, waiting until `count` mails arrived. */
export async function lastLinkTo(
  smtp: LocalSmtpServer,
  recipient: string,
  count = smtp.received.length,
): Promise<string> {
  const mails = await smtp.waitFor(count);
  const mail = mails.filter((candidate) => candidate.to.includes(recipient)).pop();
  if (!mail) throw new Error(`no mail to ${recipient}`);
  const [link, ...more] = linksIn(mail);
  if (!link || more.length) throw new Error(`expected one link to ${recipient}: ${mail.raw}`);
  return link;
}
