import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardFilterValue, SavedChart } from '../../../common/charts';
import { DashboardView } from '../../ui/dashboard/DashboardView';
import type { ChartSelection } from '../../ui/dashboard/LazyChart';
import { useSharedDashboard } from '../sharedDashboard/useSharedDashboard';
import { EmbedPage } from './EmbedPage';
import { filtersFromHost, tellChartClicked, tellHost } from './embedMessages';
import type { EmbedLook } from './embedToken';
import { useHostSizing } from './useHostSizing';

function EmbeddedDashboard({ look, token }: { look: EmbedLook; token: string }) {
  const translate = useTranslate();
  const { shared, error, runner } = useSharedDashboard(String(look.id), token);
  const [fromHost, setFromHost] = useState<DashboardFilterValue[]>();
  const main = useRef<HTMLElement>(null);
  const { origins } = look;

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const filters = filtersFromHost(event, origins);
      if (filters) setFromHost(filters);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origins]);

  useHostSizing(main, shared !== null, origins);

  const onValuesChange = useCallback(
    (filters: DashboardFilterValue[]) => tellHost(origins, { type: 'filtersChanged', filters }),
    [origins],
  );
  const onChartClick = useCallback(
    (chart: SavedChart, selection: ChartSelection) => tellChartClicked(origins, chart, selection),
    [origins],
  );

  return (
    <Box component="main" ref={main} sx={{ bgcolor: 'background.default', p: 2 }}>
      {error && (
        <Alert severity="error">{translate('dashboards.shared.failed', { message: error })}</Alert>
      )}
      {!shared && !error && <LinearProgress aria-label={translate('dashboards.shared.loading')} />}
      {shared && (
        <DashboardView
          dashboard={shared.dashboard}
          charts={shared.charts}
          runner={runner}
          frozen={shared.frozen}
          drillContexts={shared.drill}
          valuesFromOutside={fromHost}
          onValuesChange={onValuesChange}
          onChartClick={onChartClick}
        />
      )}
    </Box>
  );
}

/**
 * `/embed/dashboards/<token>`: a dashboard inside a tenant's customer's product, signed by the
 * tenant's backend. No sign-in and no app chrome; the token is the bearer of every call (the
 * server checks it each time) and a refused one goes to the message page, never data.
 */
export default function EmbedDashboardPage() {
  return (
    <EmbedPage kind="dashboard">
      {(look, token) => <EmbeddedDashboard look={look} token={token} />}
    </EmbedPage>
  );
}
