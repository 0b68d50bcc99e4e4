import type { DatasetField } from '../../../common/api/datasets';
import type { QueryColumn } from '../../../common/api/query';
import { badRequest } from '../../errors';
import type { ColumnProfiles } from './columnProfile';
import { detectFields } from './fieldDetection';

/**
 * The fields to store: the given ones checked against the columns, else detected ones from
 * the columns' `profiles` (keeping `previous` fields that still exist as they are: a role,
 * type or label the user set is never detected anew).
 */
export function fieldsFor(
  columns: QueryColumn[],
  given: DatasetField[] | undefined,
  previous: DatasetField[] = [],
  profiles?: ColumnProfiles,
): DatasetField[] {
  if (!given) {
    const kept = new Map(previous.map((field) => [field.name, field]));
    return detectFields(columns, profiles).map((field) => kept.get(field.name) ?? field);
  }
  const names = new Set(columns.map((column) => column.name));
  const seen = new Set<string>();
  given.forEach((field, index) => {
    if (!names.has(field.name)) {
      throw badRequest(
        `fields.${index}.name: the source has no column "${field.name}".`,
        `fields.${index}.name`,
      );
    }
    if (seen.has(field.name)) {
      throw badRequest(
        `fields.${index}.name: "${field.name}" is listed twice.`,
        `fields.${index}.name`,
      );
    }
    seen.add(field.name);
  });
  return given;
}

/**
 * The drill paths to store: each names fields of the dataset, once; without any given, the
 * previous ones (those of fields that still exist are kept when read).
 */
export function drillPathsFor(
  fields: DatasetField[],
  given: string[][] | undefined,
  previous: string[][] = [],
): string[][] {
  if (!given) return previous;
  const names = new Set(fields.map((field) => field.name));
  given.forEach((path, index) => {
    const seen = new Set<string>();
    path.forEach((name, at) => {
      const where = `drillPaths.${index}.${at}`;
      if (!names.has(name))
        throw badRequest(`${where}: the dataset has no field "${name}".`, where);
      if (seen.has(name)) throw badRequest(`${where}: "${name}" is in the path twice.`, where);
      seen.add(name);
    });
  });
  return given;
}
