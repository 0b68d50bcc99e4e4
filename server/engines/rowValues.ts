// Engines quote the value that broke a cast or a key in their messages ("Could not convert
// string 'LAS' to INT32", "Duplicate entry '5' for key", "invalid input syntax for type
// integer: \"x\""). A row's value must not reach someone a row policy keeps from it, so such
// messages lose every quoted literal and every value they name; what failed stays.

/** Messages of failed casts, parses and key or constraint checks, across the four engines. */
const NAMES_A_VALUE =
  /conver(t|sion)|cast|invalid input|out of range|duplicate|violates|constraint|truncated incorrect|incorrect \w+ value|cannot parse|could not parse|date field|unparsable|malformed/i;

const QUOTED = /'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"|`(?:[^`]|``)*`/g;
/** An unquoted number after "value" ("Type INT32 with value 300 can't be cast…"). */
const NAMED_NUMBER = /\b(value) -?\d[\w.+-]*/gi;

/** `message` without the row values a failed cast or key check quotes. */
export function withoutRowValues(message: string): string {
  if (!NAMES_A_VALUE.test(message)) return message;
  return message.replace(QUOTED, '…').replace(NAMED_NUMBER, (_match, word: string) => `${word} …`);
}
