import type { FastifyInstance } from 'fastify';
import { hashToken, newToken } from '../../http/tokens';
import { badRequest, conflict } from '../../errors';
import { registrationApprovedText, registrationRejectedText } from '../../mail/messageTexts';
import { platformAccountId } from '../../db/accounts';
import type { NewMessage } from '../../mail/outbox';
import { toRegistration } from './records';
import {
  decideRegistration,
  inTransaction,
  reopenRegistration,
  type RegistrationRow,
} from './repository';

// What the platform admin decides about a registration. Approving makes a pricing token
// (only its hash is kept; a new approval replaces the link) and the message carrying its link;
// rejecting needs a reason, which the rejection message quotes.

function registrant(row: RegistrationRow) {
  return { fullName: row.full_name, companyName: row.company_name, site: row.site };
}

function refuseWhenCompleted(row: RegistrationRow): void {
  if (row.account_id !== null || row.status === 'completed') {
    throw conflict('The account of this registration exists already.', 'status');
  }
}

export function registrationDecisions(app: FastifyInstance) {
  const outbox = app.outbox;

  /** Writes the status change and its message together, then sends the message. */
  const decide = async (
    row: RegistrationRow,
    changes: Partial<Pick<RegistrationRow, 'status' | 'token_hash' | 'reject_reason'>>,
    text: Omit<NewMessage, 'accountId' | 'recipient'>,
  ) => {
    const { updated, message } = await inTransaction(app.db, async (trx) => {
      const updated = await decideRegistration(trx, row.id, changes);
      if (!updated) throw conflict('The account of this registration exists already.', 'status');
      const accountId = await platformAccountId(trx);
      const message = await outbox.store(trx, { accountId, recipient: row.email, ...text });
      return { updated, message };
    });
    const mailStatus = await message.send();
    return { registration: toRegistration(updated), mailStatus };
  };

  return {
    approve: async (row: RegistrationRow) => {
      refuseWhenCompleted(row);
      const token = newToken();
      const text = registrationApprovedText(registrant(row), token);
      const decided = await decide(
        row,
        { status: 'approved', token_hash: hashToken(token), reject_reason: null },
        text,
      );
      return { ...decided, token, pricingPath: text.link as string };
    },

    reject: async (row: RegistrationRow, reason: string) => {
      refuseWhenCompleted(row);
      const trimmed = reason.trim();
      if (!trimmed)
        throw badRequest('rejectReason: say why the registration is rejected.', 'rejectReason');
      const decided = await decide(
        row,
        { status: 'rejected', token_hash: null, reject_reason: trimmed },
        registrationRejectedText(registrant(row), trimmed),
      );
      return decided.registration;
    },

    /** Back to pending: the pricing link stops working. */
    reopen: async (row: RegistrationRow) => {
      refuseWhenCompleted(row);
      return toRegistration(await reopenRegistration(app.db, row.id));
    },
  };
}
