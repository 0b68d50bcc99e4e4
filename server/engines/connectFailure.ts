import type { DataSourceConfig } from '../../common/analytics';
import type { CheckedHost } from './hostPolicy';
import { withoutServerPaths } from './serverPaths';

// A failed connection to a source database in words a user can act on: the network failures
// every driver reports alike, then the driver's own codes, then its message without server paths.

export interface ConnectTarget {
  host: string;
  port: number;
  database: string;
  user: string;
}

/** The source's connection fields as failures name them, at the port its host check chose. */
export function connectTarget(config: DataSourceConfig, checked: CheckedHost): ConnectTarget {
  return {
    host: config.host ?? '',
    port: checked.port,
    database: config.database ?? '',
    user: config.user ?? '',
  };
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'ECONNRESET',
]);

export interface ConnectFailure<K extends string | number> {
  /** The network error code (ECONNREFUSED, …) the driver set, if any. */
  networkCode?: string;
  /** The connection timed out without a network code. */
  timedOut?: boolean;
  /** The driver's error code, looked up in `messages`. */
  code?: K;
  messages: Partial<Record<K, (where: ConnectTarget) => string>>;
  /** The driver's message, for a code without its own words. */
  detail: string;
}

export function connectFailureMessage<K extends string | number>(
  failure: ConnectFailure<K>,
  where: ConnectTarget,
): string {
  if (failure.networkCode && NETWORK_CODES.has(failure.networkCode)) {
    return `Host ${where.host}:${where.port} is unreachable (${failure.networkCode}).`;
  }
  if (failure.timedOut) {
    return `Host ${where.host}:${where.port} is unreachable (connection timed out).`;
  }
  const words = failure.code === undefined ? undefined : failure.messages[failure.code];
  return words ? words(where) : `Could not connect: ${withoutServerPaths(failure.detail)}`;
}

export const unknownDatabase = (where: ConnectTarget) =>
  `Unknown database "${where.database}": it does not exist on ${where.host}.`;
