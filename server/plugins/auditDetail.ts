// What the audit log keeps of a request body: its fields, with every secret replaced and long
// values cut, so the log never holds a password, token, key or file.

const SECRET_KEY = /pass(word)?|secret|token|api_?key|hash|credential|private|logo/i;
const REDACTED = '[redacted]';
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;
const MAX_DETAIL_CHARS = 4000;

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    return value.slice(0, MAX_ITEMS).map((item) => redactValue(item, depth + 1));
  }
  if (Buffer.isBuffer(value)) return REDACTED;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [
    key,
    SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1),
  ]);
  return Object.fromEntries(entries);
}

/** The body's fields with secrets redacted; a body too large keeps only its field names. */
export function auditDetail(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    return {};
  }
  const fields = redactValue(body, 0) as Record<string, unknown>;
  if (JSON.stringify(fields).length <= MAX_DETAIL_CHARS) return { fields };
  return { fieldNames: Object.keys(fields) };
}
