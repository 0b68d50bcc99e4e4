// The multipart parser (busboy, under @fastify/multipart) fails on a malformed form with plain
// Errors that carry neither a code nor a status: a body cut short, a boundary missing, empty or
// too long. They are the client's doing, so they answer 400, wherever the form is read.

const MALFORMED_MULTIPART_MESSAGES = new Set([
  'Multipart: Boundary not found',
  'Boundary required',
  'Unexpected end of multipart data',
  'The needle cannot be an empty String/Buffer.',
  'The needle cannot have a length bigger than 256.',
]);

export const MALFORMED_MULTIPART_MESSAGE =
  'Body is not a well-formed multipart/form-data form (check its boundary and that it is complete).';

/** Whether `error` is busboy's refusal of a malformed multipart body. */
export function isMalformedMultipart(error: Error): boolean {
  if ((error as { code?: unknown }).code !== undefined) return false;
  return (
    MALFORMED_MULTIPART_MESSAGES.has(error.message) ||
    error.message.endsWith('terminated early due to unexpected end of multipart data')
  );
}
