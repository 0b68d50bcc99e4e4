import {
  connectFailureMessage,
  unknownDatabase,
  type ConnectFailure,
  type ConnectTarget,
} from '../connectFailure';
import { QueryError, readOnlyRefusal } from '../queryError';
import { withoutRowValues } from '../rowValues';
import { withoutServerPaths } from '../serverPaths';
import { trimStatement } from '../statementGuard';

// MySQL/MariaDB errors as clear text: connection failures a user can act on, query errors with
// the line of "... at line n"; never a path on the server.

interface MysqlErrorLike {
  code?: string;
  errno?: number;
  message?: string;
  sqlMessage?: string;
}

const CONNECT_MESSAGES: ConnectFailure<number>['messages'] = {
  1045: (where) => `Access denied for user "${where.user}" (bad password).`,
  1044: (where) => `User "${where.user}" may not use database "${where.database}".`,
  1049: unknownDatabase,
};

export function mysqlConnectMessage(error: unknown, where: ConnectTarget): string {
  const e = error as MysqlErrorLike;
  return connectFailureMessage(
    {
      networkCode: e.code,
      code: e.errno,
      messages: CONNECT_MESSAGES,
      detail: e.sqlMessage ?? e.message ?? String(error),
    },
    where,
  );
}

export const TIMEOUT_ERRNOS = new Set([1969, 3024]);
export const INTERRUPTED_ERRNO = 1317;

export function mysqlQueryError(error: unknown, sql: string): QueryError {
  const e = error as MysqlErrorLike;
  const message = withoutRowValues(withoutServerPaths(e.sqlMessage ?? e.message ?? String(error)));
  if (e.errno === 1792) return readOnlyRefusal(message);
  const atLine = / at line (\d+)$/.exec(message);
  const kind = e.errno === 1064 ? 'syntax' : 'source';
  const twoStatements = e.errno === 1064 && trimStatement(sql, true).includes(';');
  const text = twoStatements ? `${message} (only one statement may run at a time)` : message;
  return new QueryError(text, { kind, line: atLine ? Number(atLine[1]) : undefined });
}
