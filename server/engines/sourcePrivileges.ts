// Reads only, by construction: a PostgreSQL or MySQL source must connect as a user that cannot
// reach the server's files, programs, settings or other sessions, whatever SQL it is given.
// A read-only transaction does not stop those (PostgreSQL 15 runs lo_import inside BEGIN READ
// ONLY; MySQL's START TRANSACTION READ ONLY does not stop SET GLOBAL or INTO OUTFILE), and the
// lexical refusals of statementGuard.ts are a second layer only. Checked when a source is saved
// or tested (the engine's userPrivileges), and by each connector before its first statement;
// DATASOURCE_ALLOW_PRIVILEGED_USERS lets the operator allow such a user anyway. What each type
// counts as beyond reading is in engines/<type>/privileges.ts.

export interface UserPolicy {
  /** DATASOURCE_ALLOW_PRIVILEGED_USERS: a superuser or a user with FILE, SUPER… may be used. */
  allowPrivilegedUsers?: boolean;
}

/** The refusal: names the user and what it holds, and how to fix it. */
export function privilegedUserMessage(user: string, held: string[]): string {
  return (
    `User "${user}" may do more than read: ${held.join('; ')}. Connect as a user that may ` +
    'only read the tables it needs (GRANT SELECT), or let the operator set ' +
    'DATASOURCE_ALLOW_PRIVILEGED_USERS=true.'
  );
}
