import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  AGGREGATIONS,
  type Aggregation,
  type DatasetField,
  type QueryMeasure,
} from '../../../common/analytics';
import { RemoveButton } from './RemoveButton';

// Sums, averages and medians need numbers; counts and min/max take any field.
const NUMERIC_ONLY: Aggregation[] = ['sum', 'avg', 'median'];

/** A measure in a well: the field and its aggregation; "count of rows" has none to choose. */
export function MeasureEditor({
  measure,
  field,
  onChange,
  onRemove,
}: {
  measure: QueryMeasure;
  field: DatasetField | undefined;
  onChange: (measure: QueryMeasure) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const countRows = measure.field === '*';
  const label = countRows ? translate('charts.builder.countRows') : field?.label || measure.field;
  const choices = AGGREGATIONS.filter(
    (agg) => field?.type === 'number' || !NUMERIC_ONLY.includes(agg),
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ flex: 1, minWidth: 64 }} noWrap>
        {label}
      </Typography>
      {!countRows && (
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate('charts.builder.aggregation', { field: label })}
          value={measure.agg}
          onChange={(event) => onChange({ ...measure, agg: event.target.value as Aggregation })}
          sx={{ minWidth: 150 }}
        >
          {choices.map((agg) => (
            <MenuItem key={agg} value={agg}>
              {agg}
            </MenuItem>
          ))}
        </TextField>
      )}
      <RemoveButton name={label} onClick={onRemove} />
    </Stack>
  );
}
