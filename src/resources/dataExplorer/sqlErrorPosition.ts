import { HttpError } from '../../ui/api/httpClient';

// Where a failed statement went wrong: the server's 400 names `line` (1-based) and maybe
// `column`; older messages of the engines carry it in the text (PostgreSQL/DuckDB "LINE 3:",
// MySQL "at line 3"), which is read as a fallback.

export interface SqlErrorInfo {
  message: string;
  line?: number;
  column?: number;
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}

function lineFromMessage(message: string): number | undefined {
  const match = /\bLINE (\d+):/.exec(message) ?? /\bat line (\d+)\b/i.exec(message);
  return match ? positiveInteger(match[1]) : undefined;
}

/** The message and position of a failed SQL run, from the error the API client threw. */
export function sqlErrorInfo(error: unknown): SqlErrorInfo {
  const body = error instanceof HttpError ? (error.body as Record<string, unknown> | null) : null;
  const message =
    (body && typeof body.message === 'string' && body.message) ||
    (error instanceof Error ? error.message : String(error));
  const line = positiveInteger(body?.line) ?? lineFromMessage(message);
  const column = positiveInteger(body?.column);
  return { message, ...(line ? { line } : {}), ...(column ? { column } : {}) };
}
