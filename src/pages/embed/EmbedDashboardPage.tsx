import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { DashboardFilterValue, SavedChart } from '../../model/charts';
import { DashboardView } from '../../ui/dashboard/DashboardView';
import type { ChartSelection } from '../../ui/dashboard/LazyChart';
import { useSharedDashboard } from '../sharedDashboard/useSharedDashboard';
import { filtersFromHost, tellHost } from './embedMessages';
import { readEmbedToken, type EmbedLook } from './embedToken';

/** The page's theme: the app's, in the token's mode and primary colour when it names them. */
function useEmbedTheme(look: EmbedLook | null) {
  const outer = useTheme();
  const mode = look?.theme?.mode;
  const primary = look?.theme?.primaryColor;
  return useMemo(
    () =>
      mode || primary
        ? createTheme({
            direction: outer.direction,
            palette: {
              mode: mode ?? outer.palette.mode,
              primary: primary ? { main: primary } : outer.palette.primary,
            },
          })
        : outer,
    [outer, mode, primary],
  );
}

function EmbeddedDashboard({ look, token }: { look: EmbedLook; token: string }) {
  const translate = useTranslate();
  const { shared, error, runner } = useSharedDashboard(String(look.dashboardId), token);
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

  const loaded = shared !== null;
  useEffect(() => {
    if (!loaded || !main.current) return;
    const height = () => Math.ceil(main.current?.scrollHeight ?? 0);
    tellHost(origins, { type: 'loaded', height: height() });
    const observer = new ResizeObserver(() =>
      tellHost(origins, { type: 'resized', height: height() }),
    );
    observer.observe(main.current);
    return () => observer.disconnect();
  }, [loaded, origins]);

  const onValuesChange = useCallback(
    (filters: DashboardFilterValue[]) => tellHost(origins, { type: 'filtersChanged', filters }),
    [origins],
  );
  const onChartClick = useCallback(
    (chart: SavedChart, selection: ChartSelection) =>
      tellHost(origins, {
        type: 'chartClicked',
        chart: { id: chart.id, name: chart.name, field: selection.field, value: selection.value },
      }),
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
  const token = useParams()['*'] ?? '';
  const look = useMemo(() => readEmbedToken(token), [token]);
  const theme = useEmbedTheme(look);
  if (!look) return <Navigate to="/messages/share/invalid" replace />;
  return (
    <ThemeProvider theme={theme}>
      <EmbeddedDashboard look={look} token={token} />
    </ThemeProvider>
  );
}
