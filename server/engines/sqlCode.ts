// The code of a SQL text with its string literals and comments blanked out, so a check for a
// keyword or function name is not fooled by one inside a literal ('into outfile') and does
// not miss one split by a comment (into/**/outfile). PostgreSQL's quoted identifiers keep
// their name ("pg_read_file"(...) still calls the function), with U&"..." escapes decoded
// (U&"pg_\0072ead_file" is pg_read_file); MySQL never calls a built-in by a quoted name, so
// its `names` are blanked like literals. MySQL's executable comments (/*! … */, /*M! … */)
// are code: their opening and their closing are blanked, what is between them is kept.
//
// Whether a backslash escapes a quote depends on the server's settings (MySQL's
// NO_BACKSLASH_ESCAPES, PostgreSQL's E'' strings), so callers check both readings: a word
// found in either is found.

export type CodeDialect = 'postgres' | 'mysql';

const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * Where the text quoted by `quote` from `start` (its opening quote) ends, past its closing
 * quote: a doubled quote, and with `backslashEscapes` a backslash, escape the next character.
 */
export function quotedEnd(
  sql: string,
  start: number,
  quote: string,
  backslashEscapes: boolean,
): number {
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i];
    if (backslashEscapes && char === '\\') i += 2;
    else if (char === quote && sql[i + 1] === quote) i += 2;
    else if (char === quote) return i + 1;
    else i++;
  }
  return sql.length;
}

/** MySQL's `--` starts a comment only before whitespace or the end (`1--1` is arithmetic). */
function startsLineComment(sql: string, i: number, dialect: CodeDialect): boolean {
  if (sql[i] === '#') return dialect === 'mysql';
  if (sql[i] !== '-' || sql[i + 1] !== '-') return false;
  return dialect === 'postgres' || i + 2 >= sql.length || /\s/.test(sql[i + 2]);
}

/** MySQL runs the inside of /*! ... *\/ and /*M! ... *\/: it is code, not a comment. */
function executableCommentOpening(sql: string, i: number, dialect: CodeDialect): number {
  if (dialect !== 'mysql') return 0;
  const match = /^\/\*M?!\d*/.exec(sql.slice(i, i + 12));
  return match ? match[0].length : 0;
}

/** A PostgreSQL `U&"` (unicode-escaped identifier), not part of a longer name. */
function startsUnicodeName(sql: string, i: number, dialect: CodeDialect): boolean {
  if (dialect !== 'postgres' || (sql[i] !== 'U' && sql[i] !== 'u')) return false;
  if (sql[i + 1] !== '&' || sql[i + 2] !== '"') return false;
  return i === 0 || !/[\p{L}\p{N}_$]/u.test(sql[i - 1]);
}

// Whitespace and comments, then UESCAPE 'c': the escape character of a U&"..." name.
const UESCAPE =
  /^(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*uescape(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*'([^'])'/i;

/** The name of U&"..." with \XXXX and \+XXXXXX (or the UESCAPE character's) escapes decoded. */
export function decodeUnicodeName(body: string, escape = '\\'): string {
  let out = '';
  let i = 0;
  while (i < body.length) {
    if (body[i] !== escape) {
      out += body[i++];
    } else if (body[i + 1] === escape) {
      out += escape;
      i += 2;
    } else {
      const long = body[i + 1] === '+';
      const digits = body.slice(i + (long ? 2 : 1), i + (long ? 8 : 5));
      const code = /^[0-9a-fA-F]+$/.test(digits) ? parseInt(digits, 16) : NaN;
      out += code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      i += (long ? 2 : 1) + digits.length;
    }
  }
  return out;
}

/** U&"..." [UESCAPE 'c'] from `i`: its decoded name as code (padded) and where it ends. */
function unicodeName(sql: string, i: number): { code: string; stop: number } {
  const nameEnd = quotedEnd(sql, i + 2, '"', false);
  const body = sql.slice(i + 3, Math.max(i + 3, nameEnd - 1)).replace(/""/g, '"');
  const uescape = UESCAPE.exec(sql.slice(nameEnd));
  const stop = nameEnd + (uescape ? uescape[0].length : 0);
  const name = decodeUnicodeName(body, uescape ? uescape[1] : '\\').replace(
    /[^\p{L}\p{N}_$]/gu,
    ' ',
  );
  return { code: ` ${name} `.padEnd(stop - i, ' '), stop };
}

/** $tag$ opens a PostgreSQL dollar quote, except inside a name (a$b$ is an identifier). */
function startsDollarQuote(sql: string, i: number, dialect: CodeDialect): boolean {
  if (dialect !== 'postgres' || sql[i] !== '$') return false;
  if (i > 0 && /[\p{L}\p{N}_$]/u.test(sql[i - 1])) return false;
  return DOLLAR_TAG.test(sql.slice(i, i + 64));
}

/** `text` as spaces, keeping its line breaks (and so every offset and line). */
export function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** `sql` with literals and comments turned into spaces (see above for quoted names). */
export function sqlCode(sql: string, dialect: CodeDialect, backslashEscapes: boolean): string {
  let out = '';
  let i = 0;
  let inExecutableComment = false;
  while (i < sql.length) {
    const char = sql[i];
    const executable = inExecutableComment ? 0 : executableCommentOpening(sql, i, dialect);
    if (executable > 0) {
      out += ' '.repeat(executable);
      i += executable;
      inExecutableComment = true;
    } else if (inExecutableComment && char === '*' && sql[i + 1] === '/') {
      out += '  ';
      i += 2;
      inExecutableComment = false;
    } else if (startsLineComment(sql, i, dialect)) {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += blank(sql.slice(i, stop));
      i = stop;
    } else if (char === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += blank(sql.slice(i, stop));
      i = stop;
    } else if (char === "'" || (dialect === 'mysql' && (char === '"' || char === '`'))) {
      const stop = quotedEnd(sql, i, char, backslashEscapes && char !== '`');
      out += blank(sql.slice(i, stop));
      i = stop;
    } else if (startsUnicodeName(sql, i, dialect)) {
      const name = unicodeName(sql, i);
      out += name.code;
      i = name.stop;
    } else if (char === '"') {
      const stop = quotedEnd(sql, i, char, false);
      out += ` ${sql.slice(i + 1, Math.max(i + 1, stop - 1)).replace(/\W/g, ' ')} `;
      i = stop;
    } else if (startsDollarQuote(sql, i, dialect)) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end === -1 ? sql.length : end + tag.length;
      out += blank(sql.slice(i, stop));
      i = stop;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** The code of `sql` under both backslash readings (see above): check a word in each. */
export function codeReadings(sql: string, dialect: CodeDialect): [string, string] {
  return [sqlCode(sql, dialect, true), sqlCode(sql, dialect, false)];
}
