import type { User } from '../../../common/types';
import { SESSION_KEYS, readSessionJson } from '../../ui/api/storageKeys';

// The data explorer remembers, per site, the last source used and the last SQL per source
// (localStorage, so it survives the browser being closed).

const PREFIX = 'brandboard.explorer';

function site(): string {
  return readSessionJson<User>(SESSION_KEYS.user)?.site ?? 'www';
}

function lastSqlKey(sourceId: number): string {
  return `${PREFIX}.${site()}.sql.${sourceId}`;
}

function lastSourceKey(): string {
  return `${PREFIX}.${site()}.source`;
}

export function readLastSql(sourceId: number): string | null {
  return localStorage.getItem(lastSqlKey(sourceId));
}

export function writeLastSql(sourceId: number, sql: string): void {
  localStorage.setItem(lastSqlKey(sourceId), sql);
}

export function readLastSource(): number | null {
  const value = Number(localStorage.getItem(lastSourceKey()));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function writeLastSource(sourceId: number): void {
  localStorage.setItem(lastSourceKey(), String(sourceId));
}
