import type { LanguageCode } from '../../../common/languages';
import { en } from './en';
import { fr } from './fr';
import type { MailStrings } from './mailStrings';

export type { MailStrings } from './mailStrings';

// The languages e-mails are written in so far; a recipient of another language gets English.
const MAIL_STRINGS: Partial<Record<LanguageCode, MailStrings>> = { en, fr };

export function mailStringsOf(language: LanguageCode): MailStrings {
  return MAIL_STRINGS[language] ?? en;
}
