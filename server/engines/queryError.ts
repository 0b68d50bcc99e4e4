import { ApiError } from '../errors';

// A query the source refused or could not finish, told as plain text (never a stack) with the
// line and column it points to when the source says so, so the explorer can mark the line.

type QueryErrorKind = 'refused' | 'syntax' | 'source' | 'timeout' | 'cancelled';

export class QueryError extends ApiError {
  readonly line?: number;
  readonly column?: number;
  readonly kind: QueryErrorKind;

  constructor(
    message: string,
    options: { kind?: QueryErrorKind; line?: number; column?: number } = {},
  ) {
    super(400, message);
    this.kind = options.kind ?? 'source';
    this.line = options.line;
    this.column = options.column;
  }

  /** The JSON error body with the position fields (docs/architecture.md §5 shape plus line/column). */
  toBody(): { statusCode: number; error: string; message: string; line?: number; column?: number } {
    const body: ReturnType<QueryError['toBody']> = {
      statusCode: this.statusCode,
      error: this.reason,
      message: this.message,
    };
    if (this.line !== undefined) body.line = this.line;
    if (this.column !== undefined) body.column = this.column;
    return body;
  }
}

/** 1-based line and column of a 0-based character offset into `sql`. */
export function positionAt(sql: string, offset: number): { line: number; column: number } {
  const before = sql.slice(0, Math.max(0, Math.min(offset, sql.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

export const timeoutError = (timeoutMs: number) =>
  new QueryError(`Query stopped: it ran longer than the ${timeoutMs} ms limit.`, {
    kind: 'timeout',
  });

export const cancelledError = () => new QueryError('Query cancelled.', { kind: 'cancelled' });

export const refusedError = (message: string) => new QueryError(message, { kind: 'refused' });

/** A write the source refused, `message` being the source's own words. */
export const readOnlyRefusal = (message: string) =>
  refusedError(`Refused: ${message} (sources are read-only).`);
