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
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}, em ${asOf} UTC, segue anexo em PDF, com os números que você pode ver.`,
    leftOut: (chart) => `“${chart}” foi omitido: você não pode ler os dados dele.`,
    footer: (account, url) =>
      `Você recebe esta mensagem por causa de uma assinatura em ${account}. Cancelar assinatura: ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'Alerta' : 'Resolvido'}: ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `muda mais de ${c.percent}%`
        : `${c.kind === 'above' ? 'acima de' : 'abaixo de'} ${c.threshold}`,
    fired: (chart, value, condition) => `“${chart}” é ${value}: ${condition}.`,
    recovered: (chart, value, condition) => `“${chart}” é ${value}: não está mais ${condition}.`,
    previous: (value) => `Na verificação anterior era ${value}.`,
    latestFigures: 'Os números mais recentes que você pode ver:',
    openChart: (url) => `Abrir o gráfico: ${url}`,
    footer: (alert, account) =>
      `Você recebe esta mensagem por causa do seu alerta “${alert}” em ${account}; pause-o ou exclua-o pelo menu do gráfico.`,
  },
};
