import type { NewMessage } from './outbox';

// What each kind of message says (subject, markdown body, link). The type names the public
// message page of the same kind (/messages/<type>).

type Text = Pick<NewMessage, 'type' | 'subject' | 'body' | 'link'>;

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
      `the registration of **${registration.companyName}** is approved. ` +
      'Choose your plan with the link below to create your account.',
    link: `/pricing/${pricingToken}`,
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
  accountName: string,
  invitationToken: string,
): Text {
  return {
    type: 'invitation',
    subject: `You are invited to ${accountName}`,
    body:
      `Hello ${invitee.fullName},\n\n` +
      `you have an account on **${accountName}** with the user name \`${invitee.username}\`. ` +
      'Create your password with the link below; it can be used once.',
    link: `/create-password/${invitationToken}`,
  };
}

export function announcementText(title: string, body: string): Text {
  return { type: 'announcement', subject: title, body };
}

export function passwordResetText(
  user: { fullName: string; username: string },
  accountName: string,
  invitationToken: string,
): Text {
  return {
    type: 'password-reset',
    subject: `${accountName}: set a new password`,
    body:
      `Hello ${user.fullName},\n\n` +
      `someone asked to reset the password of \`${user.username}\` on **${accountName}**. ` +
      'Set a new password with the link below; it can be used once. If it was not you, ignore ' +
      'this message: your password stays as it is.',
    link: `/create-password/${invitationToken}`,
  };
}
