import type { Kysely, Selectable } from 'kysely';
import type { Annotation, AnnotationInput } from '../../../common/api/annotations';
import type { AnnotationsTable } from '../../db/annotationSchema';
import { nowIso, type Database } from '../../db/schema';

// Annotations of a dataset's time charts in the metadata store.

type AnnotationRow = Selectable<AnnotationsTable>;

export interface AnnotationOwner {
  accountId: number;
  datasetId: number;
}

export function toAnnotation(row: AnnotationRow): Annotation {
  return {
    id: row.id,
    datasetId: row.dataset_id,
    chartId: row.chart_id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    label: row.label,
    colour: row.colour,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const valuesOf = (input: AnnotationInput) => ({
  chart_id: input.chartId,
  starts_on: input.startsOn,
  ends_on: input.endsOn,
  label: input.label,
  colour: input.colour,
});

/**
 * The dataset's annotations, by start: with `chartId`, those on every chart of the dataset
 * and those on that chart; without, all of them.
 */
export async function annotationsOfDataset(
  db: Kysely<Database>,
  owner: AnnotationOwner,
  chartId?: number,
): Promise<Annotation[]> {
  let query = db
    .selectFrom('annotations')
    .selectAll()
    .where('account_id', '=', owner.accountId)
    .where('dataset_id', '=', owner.datasetId);
  if (chartId !== undefined) {
    query = query.where((eb) => eb.or([eb('chart_id', 'is', null), eb('chart_id', '=', chartId)]));
  }
  const rows = await query.orderBy('starts_on').orderBy('id').execute();
  return rows.map(toAnnotation);
}

export async function findAnnotation(
  db: Kysely<Database>,
  owner: AnnotationOwner,
  id: number,
): Promise<Annotation | undefined> {
  const row = await db
    .selectFrom('annotations')
    .selectAll()
    .where('account_id', '=', owner.accountId)
    .where('dataset_id', '=', owner.datasetId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toAnnotation(row);
}

/** Whether the account has chart `chartId` over the dataset. */
export async function chartOfDataset(
  db: Kysely<Database>,
  owner: AnnotationOwner,
  chartId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('charts')
    .select('id')
    .where('account_id', '=', owner.accountId)
    .where('dataset_id', '=', owner.datasetId)
    .where('id', '=', chartId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAnnotation(
  db: Kysely<Database>,
  owner: AnnotationOwner & { createdBy: number },
  input: AnnotationInput,
): Promise<Annotation> {
  const now = nowIso();
  const row = await db
    .insertInto('annotations')
    .values({
      account_id: owner.accountId,
      dataset_id: owner.datasetId,
      created_by: owner.createdBy,
      ...valuesOf(input),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAnnotation(row);
}

export async function updateAnnotation(
  db: Kysely<Database>,
  owner: AnnotationOwner,
  id: number,
  input: AnnotationInput,
): Promise<Annotation> {
  const row = await db
    .updateTable('annotations')
    .set({ ...valuesOf(input), updated_at: nowIso() })
    .where('account_id', '=', owner.accountId)
    .where('dataset_id', '=', owner.datasetId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAnnotation(row);
}

export async function deleteAnnotation(
  db: Kysely<Database>,
  owner: AnnotationOwner,
  id: number,
): Promise<void> {
  await db
    .deleteFrom('annotations')
    .where('account_id', '=', owner.accountId)
    .where('dataset_id', '=', owner.datasetId)
    .where('id', '=', id)
    .execute();
}
