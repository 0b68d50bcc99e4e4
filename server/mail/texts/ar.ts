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
};
