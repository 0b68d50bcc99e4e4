// A light reading of the SQL around the cursor, enough for completion: the statement the
// cursor is in, the tables its FROM and JOIN clauses name (with aliases), and the clause the
// cursor is in. Not a parser: strings and comments are blanked, then words are scanned.

interface TableRef {
  name: string;
  alias?: string;
}

interface Token {
  text: string;
  /** upper-cased word, or the punctuation itself */
  upper: string;
  kind: 'word' | 'quoted' | 'punct';
}

/** Blanks string literals and comments (same length) so their words are not read as SQL. */
function blankLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, (match) =>
    match.replace(/[^\n]/g, ' '),
  );
}

/** The current statement (between semicolons) and where it starts in the document. */
export function statementAt(doc: string, pos: number): { text: string; start: number } {
  const blank = blankLiterals(doc);
  const start = blank.lastIndexOf(';', pos - 1) + 1;
  const next = blank.indexOf(';', pos);
  const end = next === -1 ? doc.length : next;
  return { text: blank.slice(start, end), start };
}

const TOKEN = /"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|[A-Za-z_][\w$]*|\d[\w.]*|\S/g;

function tokenize(sql: string): Token[] {
  return [...blankLiterals(sql).matchAll(TOKEN)].map(([text]) => {
    if (/^["`[]/.test(text)) {
      const inner = text.slice(1, -1).replace(/""|``/g, (pair) => pair[0]);
      return { text: inner, upper: inner.toUpperCase(), kind: 'quoted' };
    }
    const kind = /^[A-Za-z_]/.test(text) ? 'word' : 'punct';
    return { text, upper: text.toUpperCase(), kind };
  });
}

/** Words that end a FROM list or cannot be an alias. */
const CLAUSE_WORDS = new Set([
  'WHERE',
  'GROUP',
  'ORDER',
  'HAVING',
  'LIMIT',
  'OFFSET',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'FULL',
  'CROSS',
  'NATURAL',
  'OUTER',
  'ON',
  'USING',
  'SELECT',
  'FROM',
  'WINDOW',
  'QUALIFY',
  'AS',
  'LATERAL',
]);

function isName(token: Token | undefined): token is Token {
  return (
    !!token &&
    (token.kind === 'quoted' || (token.kind === 'word' && !CLAUSE_WORDS.has(token.upper)))
  );
}

/** Reads `name[.name…] [AS] [alias]` at index i; returns the table and the index after it. */
function readTable(tokens: Token[], i: number): { table: TableRef; next: number } | null {
  if (!isName(tokens[i])) return null;
  let name = tokens[i].text;
  let next = i + 1;
  while (tokens[next]?.upper === '.' && isName(tokens[next + 1])) {
    name = tokens[next + 1].text;
    next += 2;
  }
  if (tokens[next]?.upper === 'AS') next += 1;
  if (isName(tokens[next])) {
    return { table: { name, alias: tokens[next].text }, next: next + 1 };
  }
  return { table: { name }, next };
}

/** The tables a statement reads (FROM lists and JOINs, subqueries included), in order. */
export function tablesOf(statement: string): TableRef[] {
  const tokens = tokenize(statement);
  const tables: TableRef[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i].upper !== 'FROM' && tokens[i].upper !== 'JOIN') continue;
    let read = readTable(tokens, i + 1);
    while (read) {
      tables.push(read.table);
      if (tokens[i].upper !== 'FROM' || tokens[read.next]?.upper !== ',') break;
      read = readTable(tokens, read.next + 1);
    }
  }
  return tables;
}

export type CursorPlace =
  /** nothing before the cursor in the statement */
  | 'start'
  /** where a table name goes: after FROM, JOIN, or a comma of a FROM list */
  | 'table'
  /** just after a table of a FROM list or a JOIN (an alias or the next clause) */
  | 'afterTable'
  /** after AS in a FROM list: a new alias, nothing to offer */
  | 'alias'
  /** anywhere an expression goes (select list, WHERE, ON, GROUP BY…) */
  | 'expression';

const TABLE_INTRODUCERS = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE', 'TABLE']);
const CLAUSE_STARTS = new Set([...CLAUSE_WORDS].filter((word) => word !== 'AS'));

/** Where the cursor is, from the statement text before it (the word being typed excluded). */
export function placeOf(textBefore: string): CursorPlace {
  const tokens = tokenize(textBefore);
  const previous = tokens[tokens.length - 1];
  if (!previous) return 'start';
  if (TABLE_INTRODUCERS.has(previous.upper)) return 'table';
  const clause = [...tokens].reverse().find((token) => CLAUSE_STARTS.has(token.upper))?.upper;
  const inFromList = clause === 'FROM' || clause === 'JOIN';
  if (inFromList && previous.upper === ',' && clause === 'FROM') return 'table';
  if (inFromList && previous.upper === 'AS') return 'alias';
  if (inFromList && isName(previous)) return 'afterTable';
  return 'expression';
}
