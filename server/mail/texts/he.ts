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
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}, נכון ל-${asOf} UTC, מצורף כקובץ PDF, עם הנתונים שמותר לך לראות.`,
    leftOut: (chart) => `"${chart}" הושמט: אין לך הרשאה לקרוא את הנתונים שלו.`,
    footer: (account, url) => `קיבלת הודעה זו בגלל מינוי ב-${account}. ביטול המינוי: ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'התראה' : 'נפתר'}: ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `משתנה ביותר מ-${c.percent}%`
        : `${c.kind === 'above' ? 'מעל' : 'מתחת ל-'}${c.kind === 'above' ? ' ' : ''}${c.threshold}`,
    fired: (chart, value, condition) => `"${chart}" הוא ${value}: ${condition}.`,
    recovered: (chart, value, condition) => `"${chart}" הוא ${value}: כבר לא ${condition}.`,
    previous: (value) => `בבדיקה הקודמת הערך היה ${value}.`,
    latestFigures: 'הנתונים העדכניים שמותר לך לראות:',
    openChart: (url) => `פתיחת התרשים: ${url}`,
    footer: (alert, account) =>
      `קיבלת הודעה זו בגלל ההתראה שלך "${alert}" ב-${account}; אפשר להשהות או למחוק אותה מתפריט התרשים.`,
  },
};
