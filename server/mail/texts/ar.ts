import type { MailStrings } from './mailStrings';

export const ar: MailStrings = {
  invitation: {
    subject: (account) => `أنت مدعو إلى ${account}`,
    body: (invitee, account) =>
      `مرحبًا ${invitee.fullName}،\n\n` +
      `لديك حساب على **${account}** باسم المستخدم ` +
      `\`${invitee.username}\`: أنشئ كلمة مرورك لتسجيل الدخول.`,
    linkPrompt: 'أنشئ كلمة مرورك عبر هذا الرابط؛ يمكن استخدامه مرة واحدة:',
  },
  passwordReset: {
    subject: (account) => `${account}: عيّن كلمة مرور جديدة`,
    body: (user, account) =>
      `مرحبًا ${user.fullName}،\n\n` +
      `طلب أحدهم إعادة تعيين كلمة مرور \`${user.username}\` على ` +
      `**${account}**. إن لم تكن أنت، فتجاهل هذه الرسالة: تبقى كلمة مرورك ` +
      'كما هي.',
    linkPrompt: 'عيّن كلمة مرور جديدة عبر هذا الرابط؛ يمكن استخدامه مرة واحدة:',
  },
  subscription: {
    subject: (dashboard, account) => `${dashboard} · ${account}`,
    attached: (dashboard, asOf) =>
      `${dashboard}، حتى ${asOf} بالتوقيت العالمي، مرفقة بصيغة PDF، بالأرقام التي يحق لك رؤيتها.`,
    leftOut: (chart) => `«${chart}» محذوف: لا يحق لك قراءة بياناته.`,
    footer: (account, url) => `تصلك هذه الرسالة بسبب اشتراك في ${account}. إلغاء الاشتراك: ${url}`,
  },
  alert: {
    subject: (outcome, alert, account) =>
      `${outcome === 'fired' ? 'تنبيه' : 'تمت المعالجة'}: ${alert} · ${account}`,
    condition: (c) =>
      c.kind === 'change'
        ? `يتغير بأكثر من ${c.percent}٪`
        : `${c.kind === 'above' ? 'أعلى من' : 'أقل من'} ${c.threshold}`,
    fired: (chart, value, condition) => `«${chart}» قيمته ${value}: ${condition}.`,
    recovered: (chart, value, condition) => `«${chart}» قيمته ${value}: لم يعد ${condition}.`,
    previous: (value) => `في الفحص السابق كانت القيمة ${value}.`,
    latestFigures: 'أحدث الأرقام التي يحق لك رؤيتها:',
    openChart: (url) => `فتح المخطط: ${url}`,
    footer: (alert, account) =>
      `تصلك هذه الرسالة بسبب تنبيهك «${alert}» في ${account}؛ أوقفه مؤقتًا أو احذفه من قائمة المخطط.`,
  },
};
