import type { DatasetField, QueryFilter, RelativeDate } from '../../../common/analytics';
import { badRequest } from '../../errors';
import { BoundValues, fieldValue } from './boundValues';
import type { SqlDialect } from '../../engines/sqlDialect';
import { relativeDateRange } from './relativeDates';

// One WHERE condition per filter. The column is a quoted known field; every value is bound.
// On a date field a plain date ('2024-03-31') names its whole day wherever it ends a range:
// "until", "after" and "between … and" it take or leave the day whole, not its midnight.

const COMPARISONS: Record<string, string> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

const RELATIVE_KINDS = ['last', 'this', 'previous'];
const RELATIVE_UNITS = ['day', 'week', 'month', 'quarter', 'year'];

interface FilterContext {
  dialect: SqlDialect;
  bound: BoundValues;
  now: Date;
}

/** The text lower-cased with LIKE's wildcards (and the escape itself) escaped. */
function likeText(text: string, escape: string): string {
  const special = new Set(['%', '_', escape]);
  return [...text.toLowerCase()].map((char) => (special.has(char) ? escape + char : char)).join('');
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a plain date ('2024-03-31' -> '2024-04-01'); undefined for anything else. */
export function dayAfter(value: unknown): string | undefined {
  if (typeof value !== 'string' || !PLAIN_DATE.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** `<= day` and `> day` of a plain date as `< next day` and `>= next day`. */
function wholeDayComparison(op: string, value: unknown): [string, string] | undefined {
  const next = op === '<=' || op === '>' ? dayAfter(value) : undefined;
  if (next === undefined) return undefined;
  return [op === '<=' ? '<' : '>=', next];
}

/** A value of `field` bound (a 400 naming `where` when its type cannot hold it). */
export function bindValue(
  field: DatasetField,
  value: unknown,
  context: Pick<FilterContext, 'dialect' | 'bound'>,
  where: string,
) {
  const placeholder = context.bound.add(fieldValue(field, value, context.dialect, where));
  return field.type === 'date' ? context.dialect.dateValue(placeholder) : placeholder;
}

function listValues(filter: QueryFilter, where: string): unknown[] {
  const value = filter.value;
  if (!Array.isArray(value) || value.length === 0) {
    throw badRequest(`${where}: "${filter.op}" needs a list of at least one value.`, where);
  }
  return value;
}

function relativeValue(filter: QueryFilter, field: DatasetField, where: string): RelativeDate {
  if (field.type !== 'date') {
    throw badRequest(`${where}: relative dates apply to date fields; ${field.name} is not one.`);
  }
  const value = filter.value as RelativeDate | null;
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !RELATIVE_KINDS.includes(value.kind) ||
    !RELATIVE_UNITS.includes(value.unit)
  ) {
    throw badRequest(
      `${where}: a relative date is { kind: last | this | previous, unit: day | week | month | quarter | year, count? }.`,
      where,
    );
  }
  if (value.kind === 'last' && !(Number.isInteger(value.count) && (value.count as number) > 0)) {
    throw badRequest(`${where}: "last" needs a whole count of at least 1.`, where);
  }
  return value;
}

function textPattern(
  filter: QueryFilter,
  field: DatasetField,
  escape: string,
  where: string,
): string {
  if (field.type !== 'string') {
    throw badRequest(`${where}: "${filter.op}" applies to text fields; ${field.name} is not one.`);
  }
  if (typeof filter.value !== 'string') {
    throw badRequest(`${where}: "${filter.op}" needs a text value.`, where);
  }
  const escaped = likeText(filter.value, escape);
  return filter.op === 'contains' ? `%${escaped}%` : `${escaped}%`;
}

/** The column as values are compared with it: a date field by its day. */
export function comparedColumn(field: DatasetField, column: string, dialect: SqlDialect): string {
  return field.type === 'date' ? dialect.dateColumn(column) : column;
}

export function compileFilter(
  filter: QueryFilter,
  field: DatasetField,
  column: string,
  context: FilterContext,
  where: string,
): string {
  const { dialect, bound } = context;
  const target = comparedColumn(field, column, dialect);
  const op = filter.op;
  if (op in COMPARISONS) {
    if (filter.value === null || filter.value === undefined) {
      throw badRequest(
        `${where}: "${op}" needs a value (use "is null" for missing values).`,
        where,
      );
    }
    if (typeof filter.value === 'object') {
      throw badRequest(`${where}: "${op}" needs a single value.`, where);
    }
    const wholeDay = field.type === 'date' ? wholeDayComparison(op, filter.value) : undefined;
    if (wholeDay)
      return `${target} ${wholeDay[0]} ${bindValue(field, wholeDay[1], context, where)}`;
    return `${target} ${COMPARISONS[op]} ${bindValue(field, filter.value, context, where)}`;
  }
  switch (op) {
    case 'in':
    case 'not in': {
      const values = listValues(filter, where).map((value) =>
        bindValue(field, value, context, where),
      );
      const list = values.join(', ');
      return op === 'in' ? `${target} IN (${list})` : dialect.notIn(target, list);
    }
    case 'between': {
      const values = listValues(filter, where);
      if (values.length !== 2) {
        throw badRequest(`${where}: "between" needs exactly two values [from, to].`, where);
      }
      const next = field.type === 'date' ? dayAfter(values[1]) : undefined;
      const [from, to] = [values[0], next ?? values[1]].map((value) =>
        bindValue(field, value, context, where),
      );
      if (next !== undefined) return `${target} >= ${from} AND ${target} < ${to}`;
      return `${target} BETWEEN ${from} AND ${to}`;
    }
    case 'contains':
    case 'starts with':
      return dialect.likeMatch(
        column,
        bound.add(textPattern(filter, field, dialect.likeEscape, where)),
      );
    case 'is null':
      return `${column} IS NULL`;
    case 'is not null':
      return `${column} IS NOT NULL`;
    case 'relative': {
      const range = relativeDateRange(relativeValue(filter, field, where), context.now);
      const start = dialect.dateValue(bound.add(range.start));
      const end = dialect.dateValue(bound.add(range.end));
      return `${target} >= ${start} AND ${target} < ${end}`;
    }
    default:
      throw badRequest(`${where}: unknown operator "${String(op)}".`, where);
  }
}
