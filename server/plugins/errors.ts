import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, RefusalCode } from '../../common/types';
import { QueryError } from '../engines/queryError';
import { ApiError } from '../errors';
import { isMalformedMultipart, MALFORMED_MULTIPART_MESSAGE } from './multipartErrors';

// Every failure answers the JSON shape of docs/architecture.md §5; internals stay in the log.

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  500: 'Internal Server Error',
};

/** Clear messages for the framework's own errors (body parsing, limits, multipart). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body is empty but the content type is JSON; send a JSON body.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body.',
  FST_REQ_FILE_TOO_LARGE: 'File is too large.',
  FST_FILES_LIMIT: 'Too many files.',
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_PARTS_LIMIT: 'Too many form parts.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Body must be multipart/form-data.',
  FST_PROTO_VIOLATION: 'Form field name is not allowed.',
};

export function errorBody(
  statusCode: number,
  message: string,
  field?: string,
  code?: RefusalCode,
): ApiErrorBody {
  const body: ApiErrorBody = { statusCode, error: REASONS[statusCode] ?? 'Error', message };
  if (field) body.field = field;
  if (code) body.code = code;
  return body;
}

function handleError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  // A query the source refused: the body adds the line and column the explorer marks.
  if (error instanceof QueryError) {
    return reply.status(error.statusCode).send(error.toBody());
  }
  if (error instanceof ApiError) {
    reply.headers(error.headers);
    return reply
      .status(error.statusCode)
      .send(errorBody(error.statusCode, error.message, error.field, error.refusal));
  }
  if (isMalformedMultipart(error)) {
    request.log.info({ err: error }, 'malformed multipart body');
    return reply.status(400).send(errorBody(400, MALFORMED_MULTIPART_MESSAGE));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ ...errorBody(500, 'Internal server error.'), requestId: String(request.id) });
  }
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (error.code === 'FST_ERR_VALIDATION' || !known)
    request.log.info({ err: error }, 'bad request');
  return reply.status(status).send(errorBody(status, known ?? error.message));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.status(404).send(errorBody(404, `No route ${request.method} ${path}.`));
  });
}
