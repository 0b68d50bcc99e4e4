import type { MailStrings } from './mailStrings';

export const es: MailStrings = {
  invitation: {
    subject: (account) => `Le invitan a ${account}`,
    body: (invitee, account) =>
      `Hola, ${invitee.fullName}:\n\n` +
      `tiene una cuenta en **${account}** con el nombre de usuario ` +
      `\`${invitee.username}\`: cree su contraseña para iniciar sesión.`,
    linkPrompt: 'Cree su contraseña con este enlace; solo puede usarse una vez:',
  },
  passwordReset: {
    subject: (account) => `${account}: elija una nueva contraseña`,
    body: (user, account) =>
      `Hola, ${user.fullName}:\n\n` +
      `alguien pidió restablecer la contraseña de \`${user.username}\` en ` +
      `**${account}**. Si no fue usted, ignore este mensaje: su contraseña sigue ` +
      'siendo la misma.',
    linkPrompt: 'Elija una nueva contraseña con este enlace; solo puede usarse una vez:',
  },
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}, a fecha de ${asOf} UTC, va adjunto en PDF, con las cifras que puede ver.`,
    leftOut: (chart) => `«${chart}» se omite: no puede leer sus datos.`,
    footer: (account, url) =>
      `Recibe este mensaje por una suscripción en ${account}. Cancelar la suscripción: ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'Alerta' : 'Resuelta'}: ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `cambia más de un ${c.percent} %`
        : `${c.kind === 'above' ? 'por encima de' : 'por debajo de'} ${c.threshold}`,
    fired: (chart, value, condition) => `«${chart}» es ${value}: ${condition}.`,
    recovered: (chart, value, condition) => `«${chart}» es ${value}: ya no ${condition}.`,
    previous: (value) => `En la comprobación anterior era ${value}.`,
    latestFigures: 'Las últimas cifras que puede ver:',
    openChart: (url) => `Abrir el gráfico: ${url}`,
    footer: (alert, account) =>
      `Recibe este mensaje por su alerta «${alert}» en ${account}; páusela o elimínela desde el menú del gráfico.`,
  },
};
