import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/languages';
import { ACCOUNT_NAME_SLOT } from '../../../server/mail/accountName';
import { invitationText, passwordResetText } from '../../../server/mail/messageTexts';
import { mailStringsOf } from '../../../server/mail/texts';

// Every language of common/languages.ts writes its own invitation and password-reset e-mails,
// with every entry English has, naming the person, their user name and the account.

const person = { fullName: 'Ada Lovelace', username: 'ada.l' };

/** The entry paths of a language's mail strings ("invitation.subject", …). */
function entries(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? entries(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const english = {
  invitation: invitationText(person, 't', 'en'),
  reset: passwordResetText(person, 't', 'en'),
};

describe.each(LANGUAGES.filter(({ code }) => code !== 'en'))(
  'e-mails in $name ($code)',
  ({ code }) => {
    it("have every entry of English's and no other", () => {
      expect(entries(mailStringsOf(code))).toEqual(entries(mailStringsOf('en')));
    });

    it.each([
      ['invitation', () => invitationText(person, 'tok', code), english.invitation],
      ['password reset', () => passwordResetText(person, 'tok', code), english.reset],
    ] as const)(
      'write the %s in the language, naming the person and the account',
      (_kind, text, inEnglish) => {
        const message = text();
        expect(message.subject).toContain(ACCOUNT_NAME_SLOT);
        expect(message.body).toContain(ACCOUNT_NAME_SLOT);
        expect(message.body).toContain(person.fullName);
        expect(message.body).toContain(`\`${person.username}\``);
        expect(message.link).toBe('/create-password/tok');
        expect(message.linkPrompt?.trim()).not.toBe('');
        expect(message.subject).not.toBe(inEnglish.subject);
        expect(message.body).not.toBe(inEnglish.body);
        expect(message.linkPrompt).not.toBe(inEnglish.linkPrompt);
      },
    );
  },
);
