import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

const REFRESH_CHOICES = [0, 30, 60, 300, 900] as const;

/** Auto-refresh interval of a dashboard: off, 30 s, 1 min, 5 min, 15 min. */
export function RefreshSelect({
  value,
  onChange,
}: {
  value: number;
  onChange: (seconds: number) => void;
}) {
  const translate = useTranslate();
  const choices: number[] = REFRESH_CHOICES.includes(value as never)
    ? [...REFRESH_CHOICES]
    : [...REFRESH_CHOICES, value];
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 160 }}
      label={translate('dashboards.refresh.label')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {choices.map((seconds) => (
        <MenuItem key={seconds} value={seconds}>
          {translate(`dashboards.refresh.choices.${seconds}`, { _: `${seconds} s` })}
        </MenuItem>
      ))}
    </TextField>
  );
}
