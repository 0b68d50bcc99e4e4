import type { ReactNode } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardTab } from '../../../common/charts';

export const TAB_PANEL_ID = 'dashboard-tab-panel';
export const tabElementId = (tabId: string) => `dashboard-tab-${tabId}`;

interface DashboardTabsBarProps {
  tabs: DashboardTab[];
  tabId: string | undefined;
  onShow: (tabId: string) => void;
  /** the editor's tab actions (edit mode): the bar shows even with one tab or none */
  actions?: ReactNode;
}

/**
 * A dashboard's tabs (MUI Tabs: arrow keys move between them, scrolled on a phone, mirrored
 * right-to-left). Hidden for viewers when there is one tab or none.
 */
export function DashboardTabsBar({ tabs, tabId, onShow, actions }: DashboardTabsBarProps) {
  const translate = useTranslate();
  if (tabs.length <= 1 && !actions) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        borderBottom: 1,
        borderColor: 'divider',
        mb: 1,
      }}
    >
      {tabs.length > 0 && (
        <Tabs
          value={tabId ?? false}
          onChange={(_event, next: string) => onShow(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('dashboards.tabs.label')}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.title}
              id={tabElementId(tab.id)}
              aria-controls={TAB_PANEL_ID}
              data-tab-id={tab.id}
            />
          ))}
        </Tabs>
      )}
      {actions}
    </Box>
  );
}
