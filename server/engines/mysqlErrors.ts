import { QueryError, refusedError } from './queryError';
import { withoutServerPaths } from './serverPaths';
import { trimStatement } from './statementGuard';

// MySQL/MariaDB errors as clear text: connection failures a user can act on, query errors with
// the line of "... at line n"; never a path on the server.

interface MysqlErrorLike {
  code?: string;
  errno?: number;
  message?: string;
  sqlMessage?: string;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'ECONNRESET',
]);

export function mysqlConnectMessage(
  error: unknown,
  where: { host: string; port: number; database: string; user: string },
): string {
  const e = error as MysqlErrorLike;
  if (e.code && NETWORK_CODES.has(e.code)) {
    return `Host ${where.host}:${where.port} is unreachable (${e.code}).`;
  }
  switch (e.errno) {
    case 1045:
      return `Access denied for user "${where.user}" (bad password).`;
    case 1044:
      return `User "${where.user}" may not use database "${where.database}".`;
    case 1049:
      return `Unknown database "${where.database}": it does not exist on ${where.host}.`;
    default:
      return `Could not connect: ${withoutServerPaths(e.sqlMessage ?? e.message ?? String(error))}`;
  }
}

export const TIMEOUT_ERRNOS = new Set([1969, 3024]);
export const INTERRUPTED_ERRNO = 1317;

export function mysqlQueryError(error: unknown, sql: string): QueryError {
  const e = error as MysqlErrorLike;
  const message = withoutServerPaths(e.sqlMessage ?? e.message ?? String(error));
  if (e.errno === 1792) return refusedError(`Refused: ${message} (sources are read-only).`);
  const atLine = / at line (\d+)$/.exec(message);
  const kind = e.errno === 1064 ? 'syntax' : 'source';
  const twoStatements = e.errno === 1064 && trimStatement(sql, true).includes(';');
  const text = twoStatements ? `${message} (only one statement may run at a time)` : message;
  return new QueryError(text, { kind, line: atLine ? Number(atLine[1]) : undefined });
}
