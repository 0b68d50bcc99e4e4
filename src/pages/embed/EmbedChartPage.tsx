import { useCallback, useRef } from 'react';
import { Alert, Box, LinearProgress, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SavedChart } from '../../../common/charts';
import { ChartTile } from '../../ui/dashboard/ChartTile';
import type { ChartSelection } from '../../ui/dashboard/LazyChart';
import { EmbedPage } from './EmbedPage';
import { tellChartClicked } from './embedMessages';
import type { EmbedLook } from './embedToken';
import { useEmbeddedChart } from './useEmbeddedChart';
import { useHostSizing } from './useHostSizing';

/** The chart's height: fixed, since the host sizes its frame to the page (not the reverse). */
const CHART_HEIGHT = 400;

const keepTile = () => undefined;

function EmbeddedChart({ look, token }: { look: EmbedLook; token: string }) {
  const translate = useTranslate();
  const { chart, data, error } = useEmbeddedChart(look.id, token);
  const main = useRef<HTMLElement>(null);
  const { origins } = look;
  useHostSizing(main, chart !== null, origins);
  const onSelect = useCallback(
    (clicked: SavedChart, selection: ChartSelection) =>
      tellChartClicked(origins, clicked, selection),
    [origins],
  );

  return (
    <Box component="main" ref={main} sx={{ bgcolor: 'background.default', p: 2 }}>
      {error && (
        <Alert severity="error">
          {translate('dashboards.shared.chartFailed', { message: error })}
        </Alert>
      )}
      {!chart && !error && (
        <LinearProgress aria-label={translate('dashboards.shared.chartLoading')} />
      )}
      {chart && (
        <Paper variant="outlined" sx={{ height: CHART_HEIGHT, overflow: 'hidden' }}>
          <ChartTile
            tileId="chart"
            chart={chart}
            chartsLoading={false}
            data={data}
            editing={false}
            onRemove={keepTile}
            onSelect={onSelect}
          />
        </Paper>
      )}
    </Box>
  );
}

/**
 * `/embed/charts/<token>`: one saved chart inside a tenant's customer's product, signed by the
 * tenant's backend, as a dashboard's tile shows it. No sign-in and no app chrome; the token is
 * the bearer of every call and a refused one goes to the message page, never data.
 */
export default function EmbedChartPage() {
  return (
    <EmbedPage kind="chart">
      {(look, token) => <EmbeddedChart look={look} token={token} />}
    </EmbedPage>
  );
}
