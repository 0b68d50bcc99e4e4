import {
  snippetCompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
} from '@codemirror/autocomplete';
import type { SourceType } from '../../../common/analytics';
import type { SchemaTable, SourceSchema } from '../../../common/api/sources';
import { sourceTypeInfo } from '../../../common/sourceTypes';
import { placeOf, statementAt, tablesOf, type CursorPlace } from './sqlStatement';
import { sqlIdentifier } from './sqlIdentifier';

// The explorer's completion, as in Metabase's or Superset's SQL editors: bare column names of
// the tables the statement reads, `table.column` after a dot (aliases too), tables after FROM
// and JOIN, the dialect's functions, and only the keywords that fit where the cursor is.

const STATEMENT_KEYWORDS = ['SELECT', 'WITH'];
const AFTER_TABLE_KEYWORDS = [
  'AS',
  'WHERE',
  'JOIN',
  'LEFT JOIN',
  'INNER JOIN',
  'ON',
  'USING',
  'GROUP BY',
  'ORDER BY',
  'LIMIT',
  'UNION ALL',
];
const EXPRESSION_KEYWORDS = [
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'AS',
  'DISTINCT',
  'IS NULL',
  'IS NOT NULL',
  'IN',
  'LIKE',
  'BETWEEN',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'CAST',
  'NULL',
  'TRUE',
  'FALSE',
  'GROUP BY',
  'ORDER BY',
  'HAVING',
  'LIMIT',
  'ASC',
  'DESC',
  'OVER',
  'PARTITION BY',
];

interface CompletionInput {
  schema: SourceSchema | null;
  sourceType: SourceType | undefined;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function keywordOptions(words: string[]): Completion[] {
  return words.map((label) => ({ label, type: 'keyword', boost: -10 }));
}

function columnOptions(tables: SchemaTable[], input: CompletionInput): Completion[] {
  const seen = new Set<string>();
  const options: Completion[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      if (seen.has(column.name)) continue;
      seen.add(column.name);
      options.push({
        label: column.name,
        apply: sqlIdentifier(column.name, input.sourceType),
        type: 'property',
        detail: tables.length > 1 ? `${table.name} · ${column.type}` : column.type,
        boost: 10,
      });
    }
  }
  return options;
}

function tableOptions(input: CompletionInput): Completion[] {
  return (input.schema?.tables ?? []).map((table) => ({
    label: table.name,
    apply: sqlIdentifier(table.name, input.sourceType),
    type: 'type',
    detail: `${table.columns.length} columns`,
  }));
}

/** The functions of a source's dialect, sorted (DuckDB's when the type is not known yet). */
function dialectFunctions(type: SourceType | undefined): string[] {
  return [...new Set(sourceTypeInfo(type).editor.functions)].sort();
}

function functionOptions(input: CompletionInput): Completion[] {
  return dialectFunctions(input.sourceType).map((name) =>
    snippetCompletion(`${name}(\${})`, { label: name, type: 'function' }),
  );
}

/** The schema tables a statement reads; every table when it names none yet (no FROM typed). */
function statementTables(statement: string, schema: SourceSchema | null): SchemaTable[] {
  const all = schema?.tables ?? [];
  const named = tablesOf(statement);
  if (named.length === 0) return all;
  return all.filter((table) => named.some((ref) => sameName(ref.name, table.name)));
}

/** The table a qualifier (`f` in `f.origin`) stands for: an alias of the statement or a name. */
function tableOfQualifier(
  qualifier: string,
  statement: string,
  schema: SourceSchema | null,
): SchemaTable | undefined {
  const ref = tablesOf(statement).find((candidate) =>
    sameName(candidate.alias ?? candidate.name, qualifier),
  );
  const name = ref?.name ?? qualifier;
  return schema?.tables.find((table) => sameName(table.name, name));
}

function optionsFor(place: CursorPlace, statement: string, input: CompletionInput): Completion[] {
  switch (place) {
    case 'start':
      return keywordOptions(STATEMENT_KEYWORDS);
    case 'table':
      return tableOptions(input);
    case 'afterTable':
      return keywordOptions(AFTER_TABLE_KEYWORDS);
    case 'alias':
      return [];
    case 'expression':
      return [
        ...columnOptions(statementTables(statement, input.schema), input),
        ...functionOptions(input),
        ...keywordOptions(EXPRESSION_KEYWORDS),
      ];
  }
}

/**
 * What to offer at `pos` in `doc` (null when nothing should pop up). `explicit` is a request
 * by Ctrl+Space, which also offers at an empty word.
 */
export function completionsAt(
  doc: string,
  pos: number,
  input: CompletionInput,
  explicit = false,
): CompletionResult | null {
  const { text: statement, start } = statementAt(doc, pos);
  const before = statement.slice(0, pos - start);
  const word = /[\w$]*$/.exec(before)![0];
  const from = pos - word.length;
  const qualified = /([\w$]+|"[^"]+"|`[^`]+`)\s*\.\s*$/.exec(
    before.slice(0, before.length - word.length),
  );
  if (qualified) {
    const table = tableOfQualifier(
      qualified[1].replace(/^["`]|["`]$/g, ''),
      statement,
      input.schema,
    );
    if (!table) return null;
    return { from, options: columnOptions([table], input), validFor: /^[\w$]*$/ };
  }
  if (word === '' && !explicit) return null;
  const place = placeOf(before.slice(0, before.length - word.length));
  const options = optionsFor(place, statement, input);
  return options.length > 0 ? { from, options, validFor: /^[\w$]*$/ } : null;
}

/** The CodeMirror completion source over a source's schema and dialect. */
export function explorerCompletion(input: CompletionInput): CompletionSource {
  return (context: CompletionContext) =>
    completionsAt(context.state.doc.toString(), context.pos, input, context.explicit);
}
