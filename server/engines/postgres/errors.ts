import {
  connectFailureMessage,
  unknownDatabase,
  type ConnectFailure,
  type ConnectTarget,
} from '../connectFailure';
import { positionAt, QueryError, readOnlyRefusal, refusedError } from '../queryError';
import { withoutRowValues } from '../rowValues';
import { withoutServerPaths } from '../serverPaths';

// PostgreSQL errors as clear text: connection failures in words a user can act on, query
// errors with the line and column of error.position; never a path on the server.

interface PgErrorLike {
  code?: string;
  message?: string;
  position?: string;
  errno?: number;
}

const CONNECT_MESSAGES: ConnectFailure<string>['messages'] = {
  '28P01': (where) => `Password authentication failed for user "${where.user}" (bad password).`,
  '3D000': unknownDatabase,
};

export function postgresConnectMessage(error: unknown, where: ConnectTarget): string {
  const e = error as PgErrorLike;
  const detail = e.message ?? String(error);
  const refused = (target: ConnectTarget) =>
    `The server refused user "${target.user}": ${withoutServerPaths(e.message ?? '')}.`;
  return connectFailureMessage(
    {
      networkCode: e.code,
      timedOut: /timeout/i.test(e.message ?? ''),
      code: e.code,
      messages: { ...CONNECT_MESSAGES, '28000': refused },
      detail,
    },
    where,
  );
}

export function postgresQueryError(error: unknown, sql: string): QueryError {
  const e = error as PgErrorLike;
  const message = withoutRowValues(withoutServerPaths((e.message ?? String(error)).split('\n')[0]));
  if (/cannot insert multiple commands into a prepared statement/.test(message)) {
    return refusedError('Only one statement may run at a time.');
  }
  if (e.code === '25006') return readOnlyRefusal(message);
  const kind = e.code === '42601' ? 'syntax' : 'source';
  if (e.position) {
    const { line, column } = positionAt(sql, Number(e.position) - 1);
    return new QueryError(message, { kind, line, column });
  }
  return new QueryError(message, { kind });
}
