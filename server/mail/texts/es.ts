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
};
