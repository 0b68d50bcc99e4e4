import type { SqlDialect } from '../../engines/sqlDialect';

// The one SELECT a semantic query compiles to, from its parts: flat where aliases only name
// the output, nested where an alias would shadow a column of the same name (ClickHouse).

export interface StatementParts {
  /** Dimensions first, then measures; `alias` is the quoted output name. */
  select: { expression: string; alias: string }[];
  from: string;
  conditions: string[];
  /** How many of the first select items are grouped on. */
  groupCount: number;
  /** ORDER BY items written against the output names. */
  order: string[];
  /** Distinct values, the most frequent first (before `order`). */
  byFrequency: boolean;
  /** The LIMIT: the rows the answer may hold plus one to tell truncation. */
  rows: number;
}

function whereClause(conditions: string[]): string {
  return conditions.length ? `\nWHERE ${conditions.map((c) => `(${c})`).join(' AND ')}` : '';
}

function orderClause(items: string[]): string {
  return items.length ? `\nORDER BY ${items.join(', ')}` : '';
}

/** SELECT … GROUP BY 1, 2 … ORDER BY … LIMIT n. */
export function flatStatement(parts: StatementParts): string {
  const select = parts.select.map((item) => `${item.expression} AS ${item.alias}`).join(', ');
  const groupBy = parts.groupCount
    ? `\nGROUP BY ${Array.from({ length: parts.groupCount }, (_, index) => index + 1).join(', ')}`
    : '';
  const order = parts.byFrequency ? ['COUNT(*) DESC', ...parts.order] : parts.order;
  return (
    `SELECT ${select}\nFROM ${parts.from}` +
    whereClause(parts.conditions) +
    groupBy +
    orderClause(order) +
    `\nLIMIT ${parts.rows}`
  );
}

/**
 * The grouping in a sub-query under the compiler's own aliases (`__1`, `__2` …, and `__n`
 * counting rows when ordered by frequency), so WHERE and the aggregates read the columns;
 * the outer query names, orders and limits the output.
 */
export function nestedStatement(parts: StatementParts, dialect: SqlDialect): string {
  const inner = parts.select.map((_, index) => dialect.quote(`__${index + 1}`));
  const innerSelect = parts.select.map((item, index) => `${item.expression} AS ${inner[index]}`);
  const count = dialect.quote('__n');
  if (parts.byFrequency) innerSelect.push(`COUNT(*) AS ${count}`);
  const groupBy = parts.groupCount
    ? `\nGROUP BY ${inner.slice(0, parts.groupCount).join(', ')}`
    : '';
  const outerSelect = parts.select.map((item, index) => `${inner[index]} AS ${item.alias}`);
  const order = parts.byFrequency ? [`${count} DESC`, ...parts.order] : parts.order;
  return (
    `SELECT ${outerSelect.join(', ')}\nFROM (\nSELECT ${innerSelect.join(', ')}\nFROM ${parts.from}` +
    whereClause(parts.conditions) +
    groupBy +
    `\n)` +
    orderClause(order) +
    `\nLIMIT ${parts.rows}`
  );
}
