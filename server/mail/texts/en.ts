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
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}, as of ${asOf} UTC, is attached as a PDF, with the figures you may see.`,
    leftOut: (chart) => `"${chart}" is left out: you may not read its data.`,
    footer: (account, url) =>
      `You receive this because of a subscription at ${account}. Unsubscribe: ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'Alert' : 'Resolved'}: ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `changes by more than ${c.percent}%`
        : `${c.kind === 'above' ? 'above' : 'below'} ${c.threshold}`,
    fired: (chart, value, condition) => `"${chart}" is ${value}: ${condition}.`,
    recovered: (chart, value, condition) => `"${chart}" is ${value}: no longer ${condition}.`,
    previous: (value) => `At the previous check it was ${value}.`,
    latestFigures: 'The latest figures you may see:',
    openChart: (url) => `Open the chart: ${url}`,
    footer: (alert, account) =>
      `You receive this because of your alert "${alert}" at ${account}; pause or delete it from the chart's menu.`,
  },
};
