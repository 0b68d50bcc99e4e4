import type { LanguageCode } from '../../../common/languages';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { he } from './he';
import type { MailStrings } from './mailStrings';
import { ptBR } from './ptBR';

export type { MailStrings } from './mailStrings';

// Every language of common/languages.ts has its e-mails (the Record makes a missing one a type
// error); MailStrings makes a missing entry one.
const MAIL_STRINGS: Record<LanguageCode, MailStrings> = {
  en,
  fr,
  de,
  es,
  'pt-BR': ptBR,
  ar,
  he,
};

export function mailStringsOf(language: LanguageCode): MailStrings {
  return MAIL_STRINGS[language];
}
