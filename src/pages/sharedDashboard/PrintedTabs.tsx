import { Box, Typography } from '@mui/material';
import type { ComponentProps } from 'react';
import { tilesOfTab } from '../../../common/dashboardTabs';
import { DashboardView } from '../../ui/dashboard/DashboardView';

// The shared page as the PDF renderer prints it (`?print=tabs`): every tab in tab order, each
// under its title as a heading and starting on a new page. Each tab is drawn as a dashboard
// without tabs holding that tab's tiles, so all of them query at once.

export const PRINT_PARAM = 'print';
export const PRINT_TABS = 'tabs';

export function PrintedTabs({ dashboard, ...view }: ComponentProps<typeof DashboardView>) {
  const tabs = dashboard.tabs ?? [];
  if (tabs.length === 0) return <DashboardView dashboard={dashboard} {...view} />;
  return (
    <>
      {tabs.map((tab, index) => (
        <Box
          key={tab.id}
          component="section"
          aria-labelledby={`printed-tab-${tab.id}`}
          sx={index > 0 ? { breakBefore: 'page', pt: 1 } : undefined}
        >
          <Typography id={`printed-tab-${tab.id}`} component="h2" variant="h6" sx={{ mb: 1 }}>
            {tab.title}
          </Typography>
          <DashboardView
            {...view}
            dashboard={{ ...dashboard, tabs: [], tiles: tilesOfTab(dashboard.tiles, tabs, tab.id) }}
          />
        </Box>
      ))}
    </>
  );
}
