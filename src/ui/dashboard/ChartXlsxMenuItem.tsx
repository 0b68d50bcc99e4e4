import { createContext, useContext } from 'react';
import { MenuItem } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { DashboardFilterValue, SavedChart } from '../../../common/charts';
import { downloadChartXlsx } from './exportDownloads';

/**
 * The dashboard a tile's chart is exported from, with its current filter values: given by a
 * signed-in page only (a shared page's viewers have no session to export with).
 */
export const ChartExportContext = createContext<{
  dashboardId: number;
  filters: DashboardFilterValue[];
} | null>(null);

/** The tile menu's "Export Excel": the chart's data as the user may read it, filters applied. */
export function ChartXlsxMenuItem({
  chart,
  onChosen,
}: {
  chart: SavedChart;
  onChosen: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const onDashboard = useContext(ChartExportContext);
  if (!onDashboard) return null;
  return (
    <MenuItem
      onClick={() => {
        onChosen();
        notify('dashboards.export.preparing', { type: 'info' });
        downloadChartXlsx(chart, onDashboard).catch((caught: Error) =>
          notify('dashboards.export.failed', {
            type: 'error',
            messageArgs: { message: caught.message },
          }),
        );
      }}
    >
      {translate('dashboards.tile.exportXlsx')}
    </MenuItem>
  );
}
