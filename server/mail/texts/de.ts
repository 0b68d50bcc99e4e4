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
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}, Stand ${asOf} UTC, liegt als PDF bei, mit den Zahlen, die Sie sehen dürfen.`,
    leftOut: (chart) => `„${chart}“ fehlt: Sie dürfen seine Daten nicht lesen.`,
    footer: (account, url) =>
      `Sie erhalten diese Nachricht wegen eines Abonnements bei ${account}. Abbestellen: ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'Alarm' : 'Behoben'}: ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `ändert sich um mehr als ${c.percent} %`
        : `${c.kind === 'above' ? 'über' : 'unter'} ${c.threshold}`,
    fired: (chart, value, condition) => `„${chart}“ ist ${value}: ${condition}.`,
    recovered: (chart, value, condition) => `„${chart}“ ist ${value}: nicht mehr ${condition}.`,
    previous: (value) => `Bei der vorigen Prüfung war der Wert ${value}.`,
    latestFigures: 'Die neuesten Zahlen, die Sie sehen dürfen:',
    openChart: (url) => `Diagramm öffnen: ${url}`,
    footer: (alert, account) =>
      `Sie erhalten diese Nachricht wegen Ihres Alarms „${alert}“ bei ${account}; pausieren oder löschen Sie ihn im Menü des Diagramms.`,
  },
};
