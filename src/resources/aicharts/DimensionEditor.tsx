import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TIME_GRAINS, type DatasetField, type QueryDimension } from '../../../common/analytics';
import { RemoveButton } from './RemoveButton';

/** A dimension in a well: time fields pick a grain, numbers an optional bin width. */
export function DimensionEditor({
  dimension,
  field,
  onChange,
  onRemove,
}: {
  dimension: QueryDimension;
  field: DatasetField | undefined;
  onChange: (dimension: QueryDimension) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const label = field?.label || dimension.field;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ flex: 1, minWidth: 64 }} noWrap>
        {label}
      </Typography>
      {field?.type === 'date' && (
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate('charts.builder.grain', { field: label })}
          value={dimension.grain ?? ''}
          onChange={(event) => {
            const grain = event.target.value as QueryDimension['grain'] | '';
            onChange(grain ? { ...dimension, grain } : { field: dimension.field });
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{translate('charts.builder.noGrain')}</MenuItem>
          {TIME_GRAINS.map((grain) => (
            <MenuItem key={grain} value={grain}>
              {grain}
            </MenuItem>
          ))}
        </TextField>
      )}
      {field?.type === 'number' && (
        <TextField
          fullWidth={false}
          size="small"
          type="number"
          label={translate('charts.builder.bin', { field: label })}
          value={dimension.bin ?? ''}
          onChange={(event) => {
            const bin = Number(event.target.value);
            onChange(
              event.target.value !== '' && bin > 0
                ? { ...dimension, bin }
                : { field: dimension.field },
            );
          }}
          slotProps={{ htmlInput: { min: 0 } }}
          sx={{ width: 140 }}
        />
      )}
      <RemoveButton name={label} onClick={onRemove} />
    </Stack>
  );
}
