// Errors a route throws on purpose. The error plugin turns them into the JSON shape of
// docs/architecture.md §5: { statusCode, error, message, field?, code? }.

import type { RefusalCode } from '../common/types';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

export class ApiError extends Error {
  readonly statusCode: number;
  readonly field?: string;
  readonly headers: Record<string, string>;
  /**
   * Set on business refusals only (see REFUSAL_CODES); not `code`, which Fastify sets on the
   * errors its validation throws (FST_ERR_VALIDATION).
   */
  refusal?: RefusalCode;

  constructor(
    statusCode: number,
    message: string,
    field?: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
    this.headers = headers;
  }

  get reason(): string {
    return REASONS[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string, field?: string) => new ApiError(400, message, field);
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new ApiError(403, message);
/**
 * 403 for one action a signed-in user may not take where they are (a plan limit, a row policy):
 * the web app shows the message there and keeps the session, unlike `forbidden`.
 */
export function refused(code: RefusalCode, message: string): ApiError {
  const error = new ApiError(403, message);
  error.refusal = code;
  return error;
}
export const notFound = (what = 'Record') => new ApiError(404, `${what} not found.`);
export const conflict = (message: string, field?: string) => new ApiError(409, message, field);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
