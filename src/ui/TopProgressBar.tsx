import { LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** Spec §9: the progress advances every 200 ms while a section loads. */
export const PROGRESS_TICK_MS = 200;

/** Next value: a step that shrinks as the bar fills, so it never reaches 100 before the end. */
export function nextProgress(value: number): number {
  const step = Math.max(0.5, (95 - value) * 0.1);
  return Math.min(95, value + step);
}

/** A bar across the top of the window, for Suspense fallbacks while a section's code loads. */
export function TopProgressBar() {
  const translate = useTranslate();
  const [value, setValue] = useState(10);
  useEffect(() => {
    const timer = window.setInterval(() => setValue(nextProgress), PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      aria-label={translate('app.progress.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
      }}
    />
  );
}
