import { useState } from 'react';
import { Box, Button, FormHelperText, IconButton, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { attributeKeySchema, type UserAttributes } from '../../../common/api/rowPolicies';
import { attributesOf, rowProblem, rowsOf, type AttributeRow } from '../../ui/attributeRows';

// A user's attributes as rows of a key and its values (comma-separated): what the row
// policies of datasets match them by. One value is kept as text, several as a list.

const A = 'resources.users.attributes';

/** Keeps the form from saving a key the server refuses (an i18n key, or undefined). */
function validateKeys(value: UserAttributes | undefined) {
  const keys = Object.keys(value ?? {});
  return keys.every((key) => attributeKeySchema.safeParse(key).success)
    ? undefined
    : `${A}.invalid`;
}

export function UserAttributesInput() {
  const translate = useTranslate();
  const [rows, setRows] = useState<AttributeRow[] | null>(null);
  const { field, fieldState } = useInput<UserAttributes>({
    source: 'attributes',
    defaultValue: {},
    validate: validateKeys,
  });
  const shown = rows ?? rowsOf(field.value);
  const change = (next: AttributeRow[]) => {
    setRows(next);
    field.onChange(attributesOf(next));
  };
  const update = (index: number, part: Partial<AttributeRow>) =>
    change(shown.map((row, at) => (at === index ? { ...row, ...part } : row)));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1">
        {translate(`${A}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${A}.explain`)}
      </Typography>
      {shown.map((row, index) => {
        const problem = rowProblem(shown, index);
        return (
          <Box key={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <TextField
              size="small"
              label={translate(`${A}.key`)}
              value={row.key}
              onChange={(event) => update(index, { key: event.target.value })}
              onBlur={field.onBlur}
              error={problem !== null}
              helperText={problem ? translate(`${A}.${problem}`) : ' '}
              sx={{ minWidth: 160 }}
            />
            <TextField
              size="small"
              label={translate(`${A}.values`)}
              value={row.values}
              onChange={(event) => update(index, { values: event.target.value })}
              onBlur={field.onBlur}
              helperText={translate(`${A}.valuesHint`)}
              sx={{ flex: 1, minWidth: 200 }}
            />
            <IconButton
              aria-label={translate(`${A}.remove`, { key: row.key || '…' })}
              onClick={() => change(shown.filter((_, at) => at !== index))}
              sx={{ alignSelf: 'flex-start' }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      {fieldState.error?.message && (
        <FormHelperText error>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => change([...shown, { key: '', values: '' }])}
      >
        {translate(`${A}.add`)}
      </Button>
    </Box>
  );
}
