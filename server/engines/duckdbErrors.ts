import { QueryError } from './queryError';

// DuckDB errors as clear text with the line and column of their "LINE n:" marker.

const MARKER = /\n?\s*LINE (\d+): ([^\n]*)\n( *)\^/;

export function duckdbQueryError(error: unknown): QueryError {
  const text = String((error as Error)?.message ?? error);
  const match = MARKER.exec(text);
  const message = text
    .replace(MARKER, '')
    .replace(/\s*\n+\s*/g, ' ')
    .trim();
  if (!match) return new QueryError(message);
  const line = Number(match[1]);
  const prefixLength = `LINE ${match[1]}: `.length;
  const column = Math.max(1, match[3].length - prefixLength + 1);
  const kind = /^Parser Error/.test(message) ? 'syntax' : 'source';
  return new QueryError(message, { kind, line, column });
}
