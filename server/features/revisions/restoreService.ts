import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { chartSchema } from '../../../common/api/charts';
import { dashboardSchema } from '../../../common/api/dashboards';
import { DATASET_INPUT } from '../../../common/api/datasets';
import type { Definition, RevisionKind } from '../../../common/revisions';
import type { User } from '../../../common/types';
import { lookupAccountRow } from '../../db/accountRows';
import { badRequest, conflict } from '../../errors';
import { insertChart, toChartValues } from '../charts/repository';
import { updateChartKeepingDashboards, validateChart } from '../charts/chartSaveService';
import { validateDashboard } from '../dashboards/dashboardValidationService';
import { insertDashboard, toDashboardValues, updateDashboard } from '../dashboards/repository';
import { datasetNameTaken, updateDataset } from '../datasets/repository';

// Writing a kept definition back: over the object (a restore of an earlier revision) or, for
// a deleted dashboard or chart, as a new row under its old id. The definition passes the same
// checks as a save (its charts, dataset and fields must still be there), so a revision that no
// longer fits is refused with what is wrong, and nothing is written.

/** The definition read as a payload of today's schema; 409 naming what no longer fits. */
function asPayload<T extends z.ZodType>(schema: T, definition: Definition): z.output<T> {
  const parsed = schema.safeParse(definition);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw conflict(`This revision no longer fits: ${where}${issue.message}.`);
}

/** Writes `definition` of a `kind` over the object `id` (or as it, when `deleted`). */
export async function writeDefinition(
  app: FastifyInstance,
  user: User,
  target: { kind: RevisionKind; id: number; deleted: boolean },
  definition: Definition,
): Promise<void> {
  const { accountId } = user;
  const { id, deleted } = target;
  if (target.kind === 'dashboard') {
    const input = asPayload(dashboardSchema, definition);
    await validateDashboard(app.db, accountId, input);
    const values = toDashboardValues(input);
    if (deleted) await insertDashboard(app.db, user, values, id);
    else await updateDashboard(app.db, accountId, id, values);
  } else if (target.kind === 'chart') {
    const input = asPayload(chartSchema, definition);
    await validateChart(app.db, accountId, input);
    const values = toChartValues(input);
    if (deleted) await insertChart(app.db, user, values, id);
    else await updateChartKeepingDashboards(app.db, accountId, id, values);
  } else {
    await writeDataset(app, user, id, asPayload(DATASET_INPUT, definition));
  }
}

/** A dataset's kept source, table or SQL, name and fields written back as they were. */
async function writeDataset(
  app: FastifyInstance,
  user: User,
  id: number,
  input: z.output<typeof DATASET_INPUT>,
) {
  const { accountId } = user;
  if (!(await lookupAccountRow(app.db, 'data_sources', accountId, input.sourceId))) {
    throw conflict(`This revision no longer fits: its data source ${input.sourceId} is gone.`);
  }
  await app.queryEngine.requireRawReading(accountId, input.sourceId, user.role, 'A dataset');
  if (!input.fields) throw badRequest('This revision has no fields.');
  const values = {
    source_id: input.sourceId,
    name: input.name,
    description: input.description,
    table_name: input.table ?? null,
    sql: input.sql ?? null,
    fields_json: JSON.stringify(input.fields),
  };
  await updateDataset(app.db, accountId, id, values, async (trx) => {
    if (await datasetNameTaken(trx, accountId, input.name, id)) {
      throw conflict(`name: a dataset named "${input.name}" already exists.`, 'name');
    }
  });
}
