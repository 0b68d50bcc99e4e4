import { Button, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { QuerySort } from '../../../common/analytics';
import { RemoveButton } from './RemoveButton';

/** Sort by result columns (dimensions and measure keys), and the row limit. */
export function SortEditor({
  sort,
  keys,
  limit,
  onAdd,
  onChange,
  onRemove,
  onLimit,
}: {
  sort: QuerySort[];
  /** the columns a sort may name, with what the user calls them */
  keys: Array<{ key: string; label: string }>;
  limit: number | undefined;
  onAdd: (sort: QuerySort) => void;
  onChange: (index: number, sort: QuerySort) => void;
  onRemove: (index: number) => void;
  onLimit: (limit: number | undefined) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {sort.map((entry, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            fullWidth={false}
            select
            size="small"
            label={translate('charts.builder.sortBy')}
            value={keys.some((choice) => choice.key === entry.key) ? entry.key : ''}
            onChange={(event) => onChange(index, { ...entry, key: event.target.value })}
            sx={{ flex: 1 }}
          >
            {keys.map((choice) => (
              <MenuItem key={choice.key} value={choice.key}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth={false}
            select
            size="small"
            label={translate('charts.builder.sortDir')}
            value={entry.dir}
            onChange={(event) =>
              onChange(index, { ...entry, dir: event.target.value as QuerySort['dir'] })
            }
          >
            <MenuItem value="asc">{translate('charts.builder.asc')}</MenuItem>
            <MenuItem value="desc">{translate('charts.builder.desc')}</MenuItem>
          </TextField>
          <RemoveButton name={entry.key} onClick={() => onRemove(index)} />
        </Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={keys.length === 0}
          onClick={() => onAdd({ key: keys[keys.length - 1].key, dir: 'desc' })}
        >
          {translate('charts.builder.addSort')}
        </Button>
        <TextField
          fullWidth={false}
          size="small"
          type="number"
          label={translate('charts.builder.limit')}
          value={limit ?? ''}
          onChange={(event) => {
            const value = Math.floor(Number(event.target.value));
            onLimit(event.target.value !== '' && value > 0 ? value : undefined);
          }}
          slotProps={{ htmlInput: { min: 1 } }}
          sx={{ width: 120 }}
        />
      </Stack>
    </Stack>
  );
}
