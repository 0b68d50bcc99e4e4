import { positionAt, QueryError, refusedError } from './queryError';
import { withoutServerPaths } from './serverPaths';

// PostgreSQL errors as clear text: connection failures in words a user can act on, query
// errors with the line and column of error.position; never a path on the server.

interface PgErrorLike {
  code?: string;
  message?: string;
  position?: string;
  errno?: number;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'ECONNRESET',
]);

export function postgresConnectMessage(
  error: unknown,
  where: { host: string; port: number; database: string; user: string },
): string {
  const e = error as PgErrorLike;
  if (e.code && NETWORK_CODES.has(e.code)) {
    return `Host ${where.host}:${where.port} is unreachable (${e.code}).`;
  }
  if (/timeout/i.test(e.message ?? '')) {
    return `Host ${where.host}:${where.port} is unreachable (connection timed out).`;
  }
  switch (e.code) {
    case '28P01':
      return `Password authentication failed for user "${where.user}" (bad password).`;
    case '28000':
      return `The server refused user "${where.user}": ${withoutServerPaths(e.message ?? '')}.`;
    case '3D000':
      return `Unknown database "${where.database}": it does not exist on ${where.host}.`;
    default:
      return `Could not connect: ${withoutServerPaths(e.message ?? String(error))}`;
  }
}

export function postgresQueryError(error: unknown, sql: string): QueryError {
  const e = error as PgErrorLike;
  const message = withoutServerPaths((e.message ?? String(error)).split('\n')[0]);
  if (/cannot insert multiple commands into a prepared statement/.test(message)) {
    return refusedError('Only one statement may run at a time.');
  }
  if (e.code === '25006') return refusedError(`Refused: ${message} (sources are read-only).`);
  const kind = e.code === '42601' ? 'syntax' : 'source';
  if (e.position) {
    const { line, column } = positionAt(sql, Number(e.position) - 1);
    return new QueryError(message, { kind, line, column });
  }
  return new QueryError(message, { kind });
}
