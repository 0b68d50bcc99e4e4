import type { Kysely } from 'kysely';
import { dashboardsUsingChart } from '../dashboards/repository';
import { validateDashboard } from '../dashboards/dashboardValidationService';
import type { Database } from '../../db/schema';
import { ApiError, conflict } from '../../errors';
import { inTransaction, toSavedChart, updateChart, type ChartValues } from './repository';
import type { ChartRecord } from '../../../common/api/charts';

// Writing a chart over an existing one (a save, a restore of an earlier revision), and the
// checks of a chart's body other areas run before they write one.

export { validateChart } from './chartValidation';

/**
 * A chart moved to another dataset must keep the fields the filters of its dashboards bind;
 * otherwise 409 naming the dashboard (the caller's transaction rolls the change back).
 */
async function checkDashboardsStillHold(db: Kysely<Database>, accountId: number, chartId: number) {
  for (const dashboard of await dashboardsUsingChart(db, accountId, chartId)) {
    try {
      await validateDashboard(db, accountId, dashboard);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw conflict(
        `The dashboard "${dashboard.name}" filters this chart by a field its new dataset lacks (${error.message}); change its filters first.`,
      );
    }
  }
}

/** Updates a chart whose dashboards must still hold with its new dataset, or writes nothing. */
export function updateChartKeepingDashboards(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  values: ChartValues,
): Promise<ChartRecord> {
  return inTransaction(db, async (trx) => {
    const row = await updateChart(trx, accountId, id, values);
    await checkDashboardsStillHold(trx, accountId, id);
    return toSavedChart(row);
  });
}
