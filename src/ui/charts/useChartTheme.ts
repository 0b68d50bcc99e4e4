import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { brandPalette } from './palette';
import type { ChartTheme } from './options/types';

/** The chart theme of the current MUI theme: the tenant's brand colours lead the palette. */
export function useChartTheme(): ChartTheme {
  const theme = useTheme();
  const { primary, secondary, mode, text } = theme.palette;
  const rtl = theme.direction === 'rtl';
  return useMemo(
    () => ({
      palette: brandPalette(primary.main, secondary.main),
      dark: mode === 'dark',
      textColor: text.primary,
      rtl,
    }),
    [primary.main, secondary.main, mode, text.primary, rtl],
  );
}
