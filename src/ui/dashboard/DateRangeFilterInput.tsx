import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_PRESETS, datePresetOf } from '../../../common/charts';

interface DateRangeFilterInputProps {
  label: string;
  value: Array<string | number>;
  disabled: boolean;
  onChange: (value: string[]) => void;
}

/** "From 2024-01-01" or "Until 2024-03-31" when only one end is set: the range is open. */
function OpenEndNote({ from, to }: { from: string; to: string }) {
  const translate = useTranslate();
  if (Boolean(from) === Boolean(to)) return null;
  const key = from ? 'dashboards.filters.fromOnly' : 'dashboards.filters.untilOnly';
  const [before, after] = translate(key, { date: '\u0000' }).split('\u0000');
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      aria-live="polite"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {before}
      {/* the date reads left to right inside right-to-left text */}
      <bdi>{from || to}</bdi>
      {after}
    </Typography>
  );
}

const CUSTOM = 'custom';

/**
 * A date-range filter: a preset period (last 7/30/90 days, this month, quarter, year), or from
 * and to dates. With one end set it filters from (or until) that end and says so; clearing
 * both clears the range.
 */
export function DateRangeFilterInput({
  label,
  value,
  disabled,
  onChange,
}: DateRangeFilterInputProps) {
  const translate = useTranslate();
  const preset = datePresetOf(value);
  const from = preset ? '' : String(value[0] ?? '');
  const to = preset ? '' : String(value[1] ?? '');
  const set = (nextFrom: string, nextTo: string) =>
    onChange(nextFrom || nextTo ? [nextFrom, nextTo] : []);
  return (
    <Box
      component="fieldset"
      sx={{
        display: 'flex',
        gap: 1,
        border: 0,
        p: 0,
        m: 0,
        flexWrap: 'wrap',
        alignItems: 'center',
      }}
    >
      <TextField
        select
        size="small"
        sx={{ minWidth: 150 }}
        label={translate('dashboards.filters.period', { label })}
        value={preset ?? CUSTOM}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === CUSTOM ? [] : [event.target.value])}
      >
        <MenuItem value={CUSTOM}>{translate('dashboards.filters.presets.custom')}</MenuItem>
        {Object.keys(DATE_PRESETS).map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`dashboards.filters.presets.${name}`)}
          </MenuItem>
        ))}
      </TextField>
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
      <OpenEndNote from={from} to={to} />
    </Box>
  );
}
