import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DatasetField, FilterOp, QueryFilter, RelativeDate } from '../../../common/analytics';
import { filterOpsFor, opTakesValue } from '../../../common/chartDraft';
import { RemoveButton } from './RemoveButton';
import {
  DEFAULT_RELATIVE,
  isRelative,
  listValue,
  singleValue,
  valueForOp,
  valueText,
} from './filterValues';

const UNITS: RelativeDate['unit'][] = ['day', 'week', 'month', 'quarter', 'year'];
const KINDS: RelativeDate['kind'][] = ['last', 'this', 'previous'];

function RelativeInputs({
  value,
  label,
  onChange,
}: {
  value: RelativeDate;
  label: string;
  onChange: (value: RelativeDate) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <TextField
        fullWidth={false}
        select
        size="small"
        label={translate('charts.builder.relativeKind', { field: label })}
        value={value.kind}
        onChange={(event) => {
          const kind = event.target.value as RelativeDate['kind'];
          onChange(
            kind === 'last'
              ? { ...value, kind, count: value.count ?? 30 }
              : { kind, unit: value.unit },
          );
        }}
      >
        {KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {translate(`charts.builder.relative.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.kind === 'last' && (
        <TextField
          fullWidth={false}
          size="small"
          type="number"
          label={translate('charts.builder.relativeCount', { field: label })}
          value={value.count ?? ''}
          onChange={(event) =>
            onChange({ ...value, count: Math.max(1, Number(event.target.value) || 1) })
          }
          slotProps={{ htmlInput: { min: 1 } }}
          sx={{ width: 110 }}
        />
      )}
      <TextField
        fullWidth={false}
        select
        size="small"
        label={translate('charts.builder.relativeUnit', { field: label })}
        value={value.unit}
        onChange={(event) =>
          onChange({ ...value, unit: event.target.value as RelativeDate['unit'] })
        }
      >
        {UNITS.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {unit}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

function ValueInputs({
  filter,
  field,
  label,
  onChange,
}: {
  filter: QueryFilter;
  field: DatasetField | undefined;
  label: string;
  onChange: (filter: QueryFilter) => void;
}) {
  const translate = useTranslate();
  const type = field?.type ?? 'string';
  const inputType = type === 'number' ? 'number' : type === 'date' ? 'date' : 'text';
  if (!opTakesValue(filter.op)) return null;
  if (filter.op === 'relative') {
    return (
      <RelativeInputs
        value={isRelative(filter.value) ? filter.value : DEFAULT_RELATIVE}
        label={label}
        onChange={(value) => onChange({ ...filter, value })}
      />
    );
  }
  if (filter.op === 'between') {
    const [from, to] = Array.isArray(filter.value) ? filter.value : ['', ''];
    const set = (index: number, text: string) => {
      const next = [from ?? '', to ?? ''];
      next[index] = singleValue(text, type) as string | number;
      onChange({ ...filter, value: next });
    };
    return (
      <>
        {(['from', 'to'] as const).map((end, index) => (
          <TextField
            fullWidth={false}
            key={end}
            size="small"
            type={inputType}
            label={translate(`charts.builder.${end}`, { field: label })}
            value={String([from, to][index] ?? '')}
            onChange={(event) => set(index, event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
      </>
    );
  }
  if (filter.op === 'in' || filter.op === 'not in') {
    return (
      <TextField
        fullWidth={false}
        size="small"
        label={translate('charts.builder.value', { field: label })}
        helperText={translate('charts.builder.valuesHint')}
        defaultValue={valueText(filter.value)}
        onChange={(event) => onChange({ ...filter, value: listValue(event.target.value, type) })}
      />
    );
  }
  if (type === 'boolean') {
    return (
      <TextField
        fullWidth={false}
        select
        size="small"
        label={translate('charts.builder.value', { field: label })}
        value={valueText(filter.value)}
        onChange={(event) => onChange({ ...filter, value: singleValue(event.target.value, type) })}
        sx={{ minWidth: 100 }}
      >
        <MenuItem value="true">true</MenuItem>
        <MenuItem value="false">false</MenuItem>
      </TextField>
    );
  }
  return (
    <TextField
      fullWidth={false}
      size="small"
      type={inputType}
      label={translate('charts.builder.value', { field: label })}
      value={valueText(filter.value)}
      onChange={(event) => onChange({ ...filter, value: singleValue(event.target.value, type) })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** One filter: the field, an operator suited to its type, and the value inputs it needs. */
export function FilterEditor({
  filter,
  field,
  onChange,
  onRemove,
}: {
  filter: QueryFilter;
  field: DatasetField | undefined;
  onChange: (filter: QueryFilter) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const label = field?.label || filter.field;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ minWidth: 80 }} noWrap>
        {label}
      </Typography>
      <TextField
        fullWidth={false}
        select
        size="small"
        label={translate('charts.builder.operator', { field: label })}
        value={filter.op}
        onChange={(event) => {
          const op = event.target.value as FilterOp;
          const value = valueForOp(op, filter.value);
          onChange(value === undefined ? { field: filter.field, op } : { ...filter, op, value });
        }}
        sx={{ minWidth: 120 }}
      >
        {filterOpsFor(field?.type ?? 'string').map((op) => (
          <MenuItem key={op} value={op}>
            {op}
          </MenuItem>
        ))}
      </TextField>
      <ValueInputs filter={filter} field={field} label={label} onChange={onChange} />
      <RemoveButton name={label} onClick={onRemove} />
    </Stack>
  );
}
