// What the e-mails to an account's users say, one module per language (en.ts, fr.ts, de.ts…): the
// same entries in each, as functions of what they name. The account's name is passed as
// ACCOUNT_NAME_SLOT (filled in when the message is read or sent, see ../accountName.ts).

import type { AlertCondition } from '../../../common/api/alerts';

interface Person {
  fullName: string;
  username: string;
}

export interface MailStrings {
  invitation: {
    subject: (account: string) => string;
    body: (invitee: Person, account: string) => string;
    linkPrompt: string;
  };
  passwordReset: {
    subject: (account: string) => string;
    body: (user: Person, account: string) => string;
    linkPrompt: string;
  };
  subscription: {
    subject: (dashboard: string, account: string) => string;
    /** `asOf` is the tick as `YYYY-MM-DD HH:MM` (UTC). */
    attached: (dashboard: string, asOf: string) => string;
    leftOut: (chart: string) => string;
    footer: (account: string, unsubscribeUrl: string) => string;
  };
  alert: {
    subject: (outcome: 'fired' | 'recovered', alert: string, account: string) => string;
    condition: (condition: AlertCondition) => string;
    fired: (chart: string, value: number, condition: string) => string;
    recovered: (chart: string, value: number, condition: string) => string;
    previous: (value: number) => string;
    latestFigures: string;
    openChart: (url: string) => string;
    footer: (alert: string, account: string) => string;
  };
}
