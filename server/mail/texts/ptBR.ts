import type { MailStrings } from './mailStrings';

export const ptBR: MailStrings = {
  invitation: {
    subject: (account) => `Você foi convidado para ${account}`,
    body: (invitee, account) =>
      `Olá, ${invitee.fullName},\n\n` +
      `você tem uma conta em **${account}** com o nome de usuário ` +
      `\`${invitee.username}\`: crie sua senha para entrar.`,
    linkPrompt: 'Crie sua senha com este link; ele só pode ser usado uma vez:',
  },
  passwordReset: {
    subject: (account) => `${account}: defina uma nova senha`,
    body: (user, account) =>
      `Olá, ${user.fullName},\n\n` +
      `alguém pediu para redefinir a senha de \`${user.username}\` em ` +
      `**${account}**. Se não foi você, ignore esta mensagem: sua senha continua ` +
      'a mesma.',
    linkPrompt: 'Defina uma nova senha com este link; ele só pode ser usado uma vez:',
  },
};
