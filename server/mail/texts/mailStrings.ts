// What the e-mails to an account's users say, one module per language (en.ts, fr.ts, de.ts…): the
// same entries in each, as functions of what they name. The account's name is passed as
// ACCOUNT_NAME_SLOT (filled in when the message is read or sent, see ../accountName.ts).

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
}
