import { useMemo } from 'react';
import { createTheme, useTheme } from '@mui/material/styles';
import type { EmbedLook } from './embedToken';

/** An embed page's theme: the app's, in the token's mode and primary colour when it names them. */
export function useEmbedTheme(look: EmbedLook | null) {
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
