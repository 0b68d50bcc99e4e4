import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { KpiModel, KpiTone } from './kpiModel';

// The kpi chart: a big number, with its change against the previous period: green when the
// change is good news, red when bad (a rise in delays is bad), grey when flat. The number is
// never clipped: its size follows the tile's width (container query units).

const TONE_COLORS: Record<KpiTone, string> = {
  good: 'success.main',
  bad: 'error.main',
  neutral: 'text.secondary',
};

/** Average width of a digit or separator, in em, with room to spare. */
const CHAR_WIDTH_EM = 0.62;
const SIDE_PADDING_PX = 16;

/** A font size at which `text` fits on one line of the container, 3rem at most. */
function kpiFontSize(text: string): string {
  const chars = Math.max(1, [...text].length);
  return `min(3rem, calc((100cqi - ${SIDE_PADDING_PX}px) / ${(chars * CHAR_WIDTH_EM).toFixed(2)}))`;
}

export function ChartKpi({ model, height }: { model: KpiModel; height: number | string }) {
  const translate = useTranslate();
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  const color = TONE_COLORS[model.tone];
  const arrow = model.direction === 'up' ? '▲' : model.direction === 'down' ? '▼' : '';
  return (
    <Box
      data-chart-state={rendered ? 'drawn' : 'drawing'}
      sx={{
        height,
        minHeight: 100,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        containerType: 'inline-size',
        px: `${SIDE_PADDING_PX / 2}px`,
      }}
    >
      <Typography
        variant="h3"
        component="p"
        data-testid="kpi-value"
        sx={{
          fontWeight: 600,
          fontSize: kpiFontSize(model.formatted),
          whiteSpace: 'nowrap',
          maxWidth: '100%',
          unicodeBidi: 'isolate',
        }}
      >
        {model.formatted}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {model.label}
      </Typography>
      {model.changeText ? (
        <Typography
          variant="body2"
          data-testid="kpi-change"
          data-tone={model.tone}
          sx={{ color, mt: 0.5 }}
        >
          {arrow ? (
            <>
              <span
                role="img"
                aria-label={translate(
                  model.direction === 'down' ? 'chartView.kpi.down' : 'chartView.kpi.up',
                )}
              >
                {arrow}
              </span>{' '}
            </>
          ) : null}
          <bdi>{model.changeText}</bdi> {translate('chartView.kpi.vsPrevious')}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('chartView.kpi.noPrevious')}
        </Typography>
      )}
    </Box>
  );
}
