import type { DatasetField, QueryFilter } from '../analytics';
import type { CompareOp } from './vocabulary';

// Number and date comparisons as query filters. A bare year on a date field means the whole
// year: "in 2008" is 2008-01-01 to 2008-12-31, "after 1980" is after 1980-12-31.

/** An operand as typed: a number (maybe a year) or a date (yyyy-mm-dd). */
/** A date operand: a day, or a month ("Jan 2016": `iso` its first day, `endIso` its last). */
export type Operand =
  { kind: 'number'; value: number } | { kind: 'date'; iso: string; year: number; endIso?: string };

export function isYearLike(operand: Operand): boolean {
  return (
    operand.kind === 'date' ||
    (Number.isInteger(operand.value) && operand.value >= 1800 && operand.value <= 2100)
  );
}

/**
 * The filter of a comparison, or null when the operands cannot be compared with the field: a
 * date field takes dates and years only ("before 0" on a date field has no meaning).
 */
export function comparisonFilter(
  field: DatasetField,
  op: CompareOp,
  operands: Operand[],
): QueryFilter | null {
  if (field.type === 'date') {
    return operands.every(isYearLike) ? dateFilter(field.name, op, operands) : null;
  }
  const values = operands.map((operand) =>
    operand.kind === 'date' ? operand.year : operand.value,
  );
  if (op === 'between') return { field: field.name, op, value: values };
  return { field: field.name, op, value: values[0] };
}

function dateFilter(name: string, op: CompareOp, operands: Operand[]): QueryFilter {
  const start = (operand: Operand) =>
    operand.kind === 'date' ? operand.iso : `${operand.value}-01-01`;
  const end = (operand: Operand) =>
    operand.kind === 'date' ? (operand.endIso ?? operand.iso) : `${operand.value}-12-31`;
  const [first, second] = operands;
  switch (op) {
    case 'between':
      return { field: name, op, value: [start(first), end(second ?? first)] };
    case '=':
      return first.kind === 'date' && !first.endIso
        ? { field: name, op, value: first.iso }
        : { field: name, op: 'between', value: [start(first), end(first)] };
    case '>':
    case '<=':
      return { field: name, op, value: end(first) };
    default:
      return { field: name, op, value: start(first) };
  }
}
