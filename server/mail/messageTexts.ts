import { ACCOUNT_NAME_SLOT } from './accountName';
import type { NewMessage } from './outbox';
import type { LanguageCode } from '../../common/languages';
import { mailStringsOf } from './texts';

// What each kind of message says (subject, markdown body, link). The type names the public
// message page of the same kind (/messages/<type>). A message of a tenant's account names it
// by ACCOUNT_NAME_SLOT: filled in with its name of the moment it is read or sent. Messages to an
// account's users are in the recipient's language (texts/<code>.ts).

type Text = Pick<NewMessage, 'type' | 'subject' | 'body' | 'link' | 'linkPrompt'>;

interface Registrant {
  fullName: string;
  companyName: string;
  site: string;
}

export function registrationReceivedText(registration: Registrant): Text {
  return {
    type: 'registration-received',
    subject: `We received the registration of ${registration.companyName}`,
    body:
      `Hello ${registration.fullName},\n\n` +
      `thank you for registering **${registration.companyName}** (site \`${registration.site}\`). ` +
      'We will review it and write to you with a link to choose your plan.',
  };
}

export function registrationApprovedText(registration: Registrant, pricingToken: string): Text {
  return {
    type: 'registration-approved',
    subject: `${registration.companyName}: your registration is approved`,
    body:
      `Hello ${registration.fullName},\n\n` +
      `the registration of **${registration.companyName}** is approved: choose your plan to ` +
      'create your account.',
    link: `/pricing/${pricingToken}`,
    linkPrompt: 'Choose your plan with this link:',
  };
}

export function registrationRejectedText(registration: Registrant, reason: string): Text {
  return {
    type: 'registration-rejected',
    subject: `${registration.companyName}: your registration`,
    body:
      `Hello ${registration.fullName},\n\n` +
      `we cannot accept the registration of **${registration.companyName}**.\n\n` +
      `Reason: ${reason}`,
  };
}

export function invitationText(
  invitee: { fullName: string; username: string },
  invitationToken: string,
  language: LanguageCode = 'en',
): Text {
  const texts = mailStringsOf(language).invitation;
  return {
    type: 'invitation',
    subject: texts.subject(ACCOUNT_NAME_SLOT),
    body: texts.body(invitee, ACCOUNT_NAME_SLOT),
    link: `/create-password/${invitationToken}`,
    linkPrompt: texts.linkPrompt,
  };
}

export function announcementText(title: string, body: string): Text {
  return { type: 'announcement', subject: title, body };
}

export function passwordResetText(
  user: { fullName: string; username: string },
  invitationToken: string,
  language: LanguageCode = 'en',
): Text {
  const texts = mailStringsOf(language).passwordReset;
  return {
    type: 'password-reset',
    subject: texts.subject(ACCOUNT_NAME_SLOT),
    body: texts.body(user, ACCOUNT_NAME_SLOT),
    link: `/create-password/${invitationToken}`,
    linkPrompt: texts.linkPrompt,
  };
}
