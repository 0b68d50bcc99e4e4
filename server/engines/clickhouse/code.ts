import { blank, quotedEnd } from '../sqlCode';

// The code of a ClickHouse SQL text, for the checks of statementGuard.ts and for
// finding placeholders: string literals and comments blanked out. ClickHouse strings and
// quoted names ("name", `name`) escape with a backslash or a doubled quote. A quoted name may
// name a function (`url`('…') calls url), so one reading keeps quoted names as words, with
// their escapes decoded; the other blanks them, for keywords (a column named `settings` is no
// SETTINGS clause), keeping every offset of the text.
//
// A block comment ends at its first */: where a server nests them, more text is read as code
// here than there, so a check can only see more, never less.

interface ClickhouseCode {
  /** Literals, comments and quoted names blanked; the same length as the text. */
  keywords: string;
  /** Literals and comments blanked, quoted names as their (decoded) words. */
  names: string;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
  a: '\x07',
  v: '\v',
};

/** The text of a quoted name (without its quotes) with ClickHouse's escapes decoded. */
export function decodeQuoted(body: string, quote: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === quote && body[i + 1] === quote) {
      out += quote;
      i++;
    } else if (char !== '\\' || i + 1 >= body.length) {
      out += char;
    } else if (body[i + 1] === 'x' && /^[0-9a-fA-F]{2}$/.test(body.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(body.slice(i + 2, i + 4), 16));
      i += 3;
    } else {
      out += SIMPLE_ESCAPES[body[i + 1]] ?? body[i + 1];
      i++;
    }
  }
  return out;
}

/** Where the comment starting at `i` ends, or -1 when none starts there. */
function commentEnd(sql: string, i: number): number {
  if (sql.startsWith('--', i)) {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end;
  }
  if (sql.startsWith('/*', i)) {
    const end = sql.indexOf('*/', i + 2);
    return end === -1 ? sql.length : end + 2;
  }
  return -1;
}

export function clickhouseCode(sql: string): ClickhouseCode {
  let keywords = '';
  let names = '';
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const comment = commentEnd(sql, i);
    if (comment !== -1) {
      const blanked = blank(sql.slice(i, comment));
      keywords += blanked;
      names += blanked;
      i = comment;
    } else if (char === "'" || char === '"' || char === '`') {
      const stop = quotedEnd(sql, i, char, true);
      const blanked = blank(sql.slice(i, stop));
      keywords += blanked;
      if (char === "'") {
        names += blanked;
      } else {
        const name = decodeQuoted(sql.slice(i + 1, Math.max(i + 1, stop - 1)), char);
        names += ` ${name.replace(/[^\p{L}\p{N}_]/gu, ' ')} `;
      }
      i = stop;
    } else {
      keywords += char;
      names += char;
      i++;
    }
  }
  return { keywords, names };
}
