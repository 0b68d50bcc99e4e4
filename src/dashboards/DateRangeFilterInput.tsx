import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface DateRangeFilterInputProps {
  label: string;
  value: Array<string | number>;
  disabled: boolean;
  onChange: (value: string[]) => void;
}

/**
 * A date-range filter: from and to dates. It filters only when both are set; clearing either
 * clears the range.
 */
export function DateRangeFilterInput({
  label,
  value,
  disabled,
  onChange,
}: DateRangeFilterInputProps) {
  const translate = useTranslate();
  const from = String(value[0] ?? '');
  const to = String(value[1] ?? '');
  const set = (nextFrom: string, nextTo: string) =>
    onChange(nextFrom || nextTo ? [nextFrom, nextTo] : []);
  return (
    <Box component="fieldset" sx={{ display: 'flex', gap: 1, border: 0, p: 0, m: 0 }}>
      <TextField
        size="small"
        type="date"
        label={translate('dashboards.filters.from', { label })}
        value={from}
        disabled={disabled}
        onChange={(event) => set(event.target.value, to)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={translate('dashboards.filters.to', { label })}
        value={to}
        disabled={disabled}
        onChange={(event) => set(from, event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}
