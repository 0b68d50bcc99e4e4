import { QueryError } from '../queryError';
import { withoutRowValues } from '../rowValues';
import { replaceServerPaths } from '../serverPaths';

// DuckDB errors as clear text with the line and column of their "LINE n:" marker, and
// without the server's file paths (the data folder, staged files, the temp folder).

const MARKER = /\n?\s*LINE (\d+): ([^\n]*)\n( *)\^/;

/** `text` with every absolute path replaced by `<path>`. */
export function withoutServerPaths(text: string): string {
  return replaceServerPaths(text, '<path>');
}

export function duckdbQueryError(error: unknown): QueryError {
  const text = withoutRowValues(withoutServerPaths(String((error as Error)?.message ?? error)));
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
