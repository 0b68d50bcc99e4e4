import {
  connectFailureMessage,
  unknownDatabase,
  type ConnectFailure,
  type ConnectTarget,
} from '../connectFailure';
import { positionAt, QueryError, readOnlyRefusal } from '../queryError';
import { withoutRowValues } from '../rowValues';
import { withoutServerPaths } from '../serverPaths';

// ClickHouse errors as clear text. The HTTP interface answers "Code: 60, e.displayText() =
// DB::Exception: … , e.what() = DB::Exception" (18.x) or "Code: 60. DB::Exception: … (TYPE)
// (version …)" (later): the code and the message are read from either, never a server path.

export const CLICKHOUSE_CODES = {
  syntax: 62,
  unknownDatabase: 81,
  timeout: 159,
  readonly: 164,
  unknownUser: 192,
  wrongPassword: 193,
  requiredPassword: 194,
  cancelled: 394,
  authenticationFailed: 516,
};

interface ClickhouseFailure {
  code?: number;
  message: string;
  /** The network error code (ECONNREFUSED, …) of a request that never reached the server. */
  networkCode?: string;
}

const SERVER_ERROR = /Code: (\d+)[.,]\s*(?:e\.displayText\(\) = )?(?:DB::Exception: )?([\s\S]*)/;

/** The server's message without what it appends: e.what(), (TYPE), (version …), stack. */
function bareMessage(text: string): string {
  return text
    .split(
      /, e\.what\(\) = |\s\((?=[A-Z0-9_]*[A-Z]{3})[A-Z0-9_]+\)(?: \(version [^)]*\))?|\s+Stack trace:/,
    )[0]
    .trim();
}

export function clickhouseFailure(error: unknown): ClickhouseFailure {
  const e = error as { code?: string | number; message?: string };
  const text = e.message ?? String(error);
  const server = SERVER_ERROR.exec(text);
  if (server) return { code: Number(server[1]), message: bareMessage(server[2]) };
  const code = Number(e.code);
  if (Number.isInteger(code) && code > 0) return { code, message: bareMessage(text) };
  return { networkCode: typeof e.code === 'string' ? e.code : undefined, message: text };
}

const badPassword = (where: ConnectTarget) =>
  `Authentication failed for user "${where.user}" (bad password or unknown user).`;

const CONNECT_MESSAGES: ConnectFailure<number>['messages'] = {
  [CLICKHOUSE_CODES.unknownUser]: (where) => `Unknown user "${where.user}".`,
  [CLICKHOUSE_CODES.wrongPassword]: badPassword,
  [CLICKHOUSE_CODES.requiredPassword]: badPassword,
  [CLICKHOUSE_CODES.authenticationFailed]: badPassword,
  [CLICKHOUSE_CODES.unknownDatabase]: unknownDatabase,
};

/** Node's codes of a failed TLS handshake or an untrusted certificate. */
const TLS_CODE = /^(EPROTO|ERR_SSL_|ERR_TLS_|UNABLE_TO_|CERT_|DEPTH_ZERO_|SELF_SIGNED_)/;

export function clickhouseConnectMessage(error: unknown, where: ConnectTarget): string {
  const failure = clickhouseFailure(error);
  if (failure.networkCode && TLS_CODE.test(failure.networkCode)) {
    return (
      `TLS with ${where.host}:${where.port} failed (${failure.networkCode}): the port may not ` +
      'speak TLS, or its certificate is not trusted.'
    );
  }
  return connectFailureMessage(
    {
      networkCode: failure.networkCode,
      timedOut: failure.code === undefined && /timeout/i.test(failure.message),
      code: failure.code,
      messages: CONNECT_MESSAGES,
      detail: failure.message,
    },
    where,
  );
}

/** Where a syntax error points ("failed at position 8"), as a character offset into `sent`. */
function syntaxOffset(message: string, sent: string): number | undefined {
  const position = /failed at position (\d+)/.exec(message);
  if (!position) return undefined;
  const bytes = Buffer.from(sent).subarray(0, Number(position[1]) - 1);
  return bytes.toString().length;
}

/** The text the server got, and the user's SQL as its characters from `userStartsAt` on. */
export interface SentQuery {
  sent: string;
  userSql: string;
  /** Where the user's SQL would start in `sent` (its leading comments were not sent). */
  userStartsAt: number;
}

/** A query error in plain words; a syntax error marks the line of the user's SQL. */
export function clickhouseQueryError(error: unknown, query: SentQuery): QueryError {
  const failure = clickhouseFailure(error);
  // The server's "(line 4, col 1)" counts in the text it got, not in the user's: the error's
  // own line and column say where, in the user's SQL.
  const message = withoutRowValues(withoutServerPaths(failure.message)).replace(
    / \(line \d+, col \d+\)/,
    '',
  );
  if (failure.code === CLICKHOUSE_CODES.readonly) {
    return readOnlyRefusal(message);
  }
  const kind = failure.code === CLICKHOUSE_CODES.syntax ? 'syntax' : 'source';
  const offset = syntaxOffset(failure.message, query.sent);
  const inUserSql = offset === undefined ? -1 : offset - query.userStartsAt;
  if (inUserSql >= 0 && inUserSql <= query.userSql.length) {
    return new QueryError(message, { kind, ...positionAt(query.userSql, inUserSql) });
  }
  return new QueryError(message, { kind });
}
