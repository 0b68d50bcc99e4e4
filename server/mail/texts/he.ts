import type { MailStrings } from './mailStrings';

export const he: MailStrings = {
  invitation: {
    subject: (account) => `הוזמנתם אל ${account}`,
    body: (invitee, account) =>
      `שלום ${invitee.fullName},\n\n` +
      `יש לכם חשבון ב-**${account}** עם שם המשתמש ` +
      `\`${invitee.username}\`: צרו סיסמה כדי להיכנס.`,
    linkPrompt: 'צרו את הסיסמה שלכם בקישור הזה; אפשר להשתמש בו פעם אחת:',
  },
  passwordReset: {
    subject: (account) => `${account}: בחירת סיסמה חדשה`,
    body: (user, account) =>
      `שלום ${user.fullName},\n\n` +
      `מישהו ביקש לאפס את הסיסמה של \`${user.username}\` ב-` +
      `**${account}**. אם זה לא הייתם אתם, התעלמו מהודעה זו: הסיסמה שלכם ` +
      'נשארת כפי שהיא.',
    linkPrompt: 'בחרו סיסמה חדשה בקישור הזה; אפשר להשתמש בו פעם אחת:',
  },
};
