import { Autocomplete, Chip, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

// Synonyms of a field as chips: type a word and press Enter (or a comma) to add it.

function splitWords(values: string[]): string[] {
  const words = values.flatMap((value) => value.split(',')).map((word) => word.trim());
  return [...new Set(words.filter(Boolean))];
}

export function SynonymsInput({ source, fieldName }: { source: string; fieldName: string }) {
  const translate = useTranslate();
  const { field } = useInput<string[]>({ source, defaultValue: [] });
  const value = Array.isArray(field.value) ? field.value : [];
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      onChange={(_event, next) => field.onChange(splitWords(next))}
      onBlur={field.onBlur}
      renderValue={(chips, getItemProps) =>
        chips.map((chip, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={chip} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('analytics.datasets.fields.synonyms')}
          placeholder={
            value.length === 0 ? translate('analytics.datasets.synonymsHint') : undefined
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps?.htmlInput,
              'aria-label': translate('analytics.datasets.synonymsOf', { field: fieldName }),
            },
          }}
        />
      )}
      sx={{ minWidth: 220 }}
    />
  );
}
