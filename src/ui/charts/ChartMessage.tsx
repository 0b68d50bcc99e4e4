import { Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';

// The empty, loading, error and incomplete states of a chart: a centred message.

type ChartState = 'loading' | 'empty' | 'error' | 'incomplete' | 'drawing' | 'drawn';

interface ChartMessageProps {
  state: ChartState;
  height: number | string;
  children?: ReactNode;
  tone?: 'normal' | 'error';
}

export function ChartMessage({ state, height, children, tone = 'normal' }: ChartMessageProps) {
  return (
    <Box
      data-chart-state={state}
      role={tone === 'error' ? 'alert' : 'status'}
      sx={{
        height,
        minHeight: 120,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 2,
      }}
    >
      {state === 'loading' ? <CircularProgress size={28} sx={{ mr: 1.5 }} /> : null}
      <Typography variant="body2" color={tone === 'error' ? 'error' : 'text.secondary'}>
        {children}
      </Typography>
    </Box>
  );
}
