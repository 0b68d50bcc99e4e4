import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DashboardTab } from '../../../common/charts';
import { openedTab } from '../../../common/dashboardTabs';

// The tab a dashboard shows is in its address (`?tab=<tab id>`), so a copied link, a share
// link or an embed opens it; other parameters (the filter values) are kept.

export const TAB_PARAM = 'tab';

/** The tab shown (undefined: the dashboard has no tabs) and how to show another. */
export function useDashboardTab(tabs: DashboardTab[] = []) {
  const [search, setSearch] = useSearchParams();
  const tabId = openedTab(tabs, search.get(TAB_PARAM));
  const showTab = useCallback(
    (next: string) =>
      setSearch(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(TAB_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { tabId, showTab };
}
