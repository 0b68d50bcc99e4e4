import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import type { Dataset } from '../../../common/analytics';

/** A select of the account's datasets (empty until they have loaded). */
export function DatasetSelect({
  datasets,
  loading,
  value,
  onChange,
  label,
  size = 'small',
  fullWidth,
  sx,
}: {
  datasets: Dataset[] | undefined;
  loading: boolean;
  value: number | null | undefined;
  onChange: (datasetId: number) => void;
  label: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      fullWidth={fullWidth}
      size={size}
      sx={sx}
      label={label}
      value={datasets && value !== null && value !== undefined ? String(value) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={loading}
    >
      {(datasets ?? []).map((candidate) => (
        <MenuItem key={candidate.id} value={String(candidate.id)}>
          {candidate.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
