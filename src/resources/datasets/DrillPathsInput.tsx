import { Autocomplete, Box, Button, Chip, IconButton, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MAX_DRILL_PATH_FIELDS } from '../../../common/api/drill';
import type { DatasetField } from '../../../common/analytics';

// A dataset's drill paths on its page: each an ordered chain of its fields (country, state,
// city) that a chart's values drill down; saved with the dataset.

const T = 'analytics.datasets.drillPaths';

function validatePaths(paths: unknown): string | undefined {
  const short =
    Array.isArray(paths) && paths.some((path) => !Array.isArray(path) || path.length < 2);
  return short ? `${T}.tooShort` : undefined;
}

export function DrillPathsInput() {
  const translate = useTranslate();
  const fields = (useWatch({ name: 'fields' }) as DatasetField[] | undefined) ?? [];
  const { field, fieldState } = useInput<string[][]>({
    source: 'drillPaths',
    defaultValue: [],
    validate: validatePaths,
  });
  const paths = Array.isArray(field.value) ? field.value : [];
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const names = fields.map((f) => f.name);
  const set = (next: string[][]) => field.onChange(next);
  const tooShort = fieldState.error ? translate(`${T}.tooShort`) : undefined;

  return (
    <Box sx={{ width: '100%', my: 2 }} component="section" aria-labelledby="drill-paths-title">
      <Typography id="drill-paths-title" variant="subtitle1" component="h2">
        {translate(`${T}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.help`)}
      </Typography>
      {paths.map((path, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Autocomplete<string, true>
            multiple
            options={names.filter((name) => !path.includes(name))}
            value={path}
            getOptionLabel={labelOf}
            onChange={(_event, next) =>
              set(paths.map((p, at) => (at === index ? next.slice(0, MAX_DRILL_PATH_FIELDS) : p)))
            }
            onBlur={field.onBlur}
            renderValue={(chips, getItemProps) =>
              chips.map((chip, at) => {
                const { key, ...itemProps } = getItemProps({ index: at });
                return <Chip key={key} size="small" label={labelOf(chip)} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={translate(`${T}.path`, { number: index + 1 })}
                placeholder={path.length === 0 ? translate(`${T}.hint`) : undefined}
                error={path.length < 2 && tooShort !== undefined}
                helperText={path.length < 2 ? tooShort : undefined}
              />
            )}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <IconButton
            aria-label={translate(`${T}.remove`, { number: index + 1 })}
            onClick={() => set(paths.filter((_, at) => at !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button size="small" onClick={() => set([...paths, []])} disabled={names.length < 2}>
        {translate(`${T}.add`)}
      </Button>
    </Box>
  );
}
