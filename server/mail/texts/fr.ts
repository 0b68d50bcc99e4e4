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
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}, au ${asOf} UTC, est joint en PDF, avec les chiffres que vous pouvez voir.`,
    leftOut: (chart) => `« ${chart} » est omis : vous ne pouvez pas lire ses données.`,
    footer: (account, url) =>
      `Vous recevez ce message en raison d’un abonnement sur ${account}. Se désabonner : ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'Alerte' : 'Résolue'} : ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `varie de plus de ${c.percent} %`
        : `${c.kind === 'above' ? 'au-dessus de' : 'en dessous de'} ${c.threshold}`,
    fired: (chart, value, condition) => `« ${chart} » vaut ${value} : ${condition}.`,
    recovered: (chart, value, condition) => `« ${chart} » vaut ${value} : n’est plus ${condition}.`,
    previous: (value) => `Lors de la vérification précédente, la valeur était ${value}.`,
    latestFigures: 'Les derniers chiffres que vous pouvez voir :',
    openChart: (url) => `Ouvrir le graphique : ${url}`,
    footer: (alert, account) =>
      `Vous recevez ce message en raison de votre alerte « ${alert} » sur ${account} ; mettez-la en pause ou supprimez-la depuis le menu du graphique.`,
  },
};
