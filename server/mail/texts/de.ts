import type { MailStrings } from './mailStrings';

export const de: MailStrings = {
  invitation: {
    subject: (account) => `Sie sind zu ${account} eingeladen`,
    body: (invitee, account) =>
      `Hallo ${invitee.fullName},\n\n` +
      `Sie haben ein Konto bei **${account}** mit dem Benutzernamen ` +
      `\`${invitee.username}\`: Legen Sie Ihr Passwort fest, um sich anzumelden.`,
    linkPrompt: 'Legen Sie Ihr Passwort mit diesem Link fest; er kann einmal verwendet werden:',
  },
  passwordReset: {
    subject: (account) => `${account}: Neues Passwort festlegen`,
    body: (user, account) =>
      `Hallo ${user.fullName},\n\n` +
      `jemand hat angefordert, das Passwort von \`${user.username}\` bei ` +
      `**${account}** zurückzusetzen. Wenn Sie das nicht waren, ignorieren Sie diese Nachricht: ` +
      'Ihr Passwort bleibt unverändert.',
    linkPrompt:
      'Legen Sie mit diesem Link ein neues Passwort fest; er kann einmal verwendet werden:',
  },
};
