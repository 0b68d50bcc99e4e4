import type { MailStrings } from './mailStrings';

export const fr: MailStrings = {
  invitation: {
    subject: (account) => `Vous êtes invité sur ${account}`,
    body: (invitee, account) =>
      `Bonjour ${invitee.fullName},\n\n` +
      `vous avez un compte sur **${account}** avec le nom d’utilisateur ` +
      `\`${invitee.username}\` : créez votre mot de passe pour vous connecter.`,
    linkPrompt: 'Créez votre mot de passe avec ce lien ; il ne peut servir qu’une fois :',
  },
  passwordReset: {
    subject: (account) => `${account} : choisissez un nouveau mot de passe`,
    body: (user, account) =>
      `Bonjour ${user.fullName},\n\n` +
      `quelqu’un a demandé à réinitialiser le mot de passe de \`${user.username}\` sur ` +
      `**${account}**. Si ce n’est pas vous, ignorez ce message : votre mot de passe ` +
      'reste inchangé.',
    linkPrompt: 'Choisissez un nouveau mot de passe avec ce lien ; il ne peut servir qu’une fois :',
  },
};
