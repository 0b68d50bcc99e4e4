import type { MailStrings } from './mailStrings';

export const en: MailStrings = {
  invitation: {
    subject: (account) => `You are invited to ${account}`,
    body: (invitee, account) =>
      `Hello ${invitee.fullName},\n\n` +
      `you have an account on **${account}** with the user name ` +
      `\`${invitee.username}\`: create your password to sign in.`,
    linkPrompt: 'Create your password with this link; it can be used once:',
  },
  passwordReset: {
    subject: (account) => `${account}: set a new password`,
    body: (user, account) =>
      `Hello ${user.fullName},\n\n` +
      `someone asked to reset the password of \`${user.username}\` on ` +
      `**${account}**. If it was not you, ignore this message: your password stays ` +
      'as it is.',
    linkPrompt: 'Set a new password with this link; it can be used once:',
  },
};
