import { useState } from 'react';
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DASHBOARD_EXPORT_FORMATS, type DashboardExportFormat } from '../../../common/api/delivery';
import type { DashboardFilterValue, DashboardTab } from '../../../common/charts';
import { openedTab } from '../../../common/dashboardTabs';
import { downloadDashboardExport } from '../../ui/dashboard/exportDownloads';
import { TAB_PARAM } from '../../ui/dashboard/useDashboardTab';

/**
 * The dashboard's Download button, their filters applied: a PDF of every tab, or a PNG of the
 * tab shown.
 */
export function DashboardExportMenu({
  dashboard,
  filters,
}: {
  dashboard: { id: number; name: string; tabs?: DashboardTab[] };
  filters: DashboardFilterValue[];
}) {
  const [search] = useSearchParams();
  const shownTab = openedTab(dashboard.tabs, search.get(TAB_PARAM));
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: DashboardExportFormat) => {
    setAnchor(null);
    setExporting(true);
    try {
      await downloadDashboardExport(dashboard, format, filters, shownTab);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      notify('dashboards.export.failed', { type: 'error', messageArgs: { message } });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button
        startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
        disabled={exporting}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate(exporting ? 'dashboards.export.preparingShort' : 'dashboards.actions.download')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {DASHBOARD_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void exportAs(format)}>
            {translate(`dashboards.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
