import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DataSource } from '../../../common/analytics';

export function SourcePicker({
  sources,
  value,
  onChange,
}: {
  sources: DataSource[];
  value: number | null;
  onChange: (sourceId: number) => void;
}) {
  const translate = useTranslate();
  const label = translate('analytics.explorer.source');
  return (
    <FormControl fullWidth size="small">
      <InputLabel id="explorer-source-label">{label}</InputLabel>
      <Select
        labelId="explorer-source-label"
        label={label}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {sources.map((source) => (
          <MenuItem key={source.id} value={source.id}>
            {source.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
