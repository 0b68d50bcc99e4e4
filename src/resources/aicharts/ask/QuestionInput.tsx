import { useMemo } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  exampleQuestions,
  MAX_QUESTION_LENGTH,
  suggestCompletions,
  type QuestionContext,
  type Suggestion,
} from '../../../../common/nl';

// The question field: suggestions of fields, values and keywords complete the word being
// typed; Enter asks. Picking a whole example question asks it at once.

export function QuestionInput({
  context,
  value,
  onChange,
  onAsk,
  error,
  disabled,
}: {
  context: QuestionContext | null;
  value: string;
  onChange: (text: string) => void;
  onAsk: (question: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const suggestions = useMemo(
    () => (context ? suggestCompletions(value, context, 8) : []),
    [context, value],
  );
  // An example made from the dataset's own fields, never one of some other data.
  const example = useMemo(() => (context ? exampleQuestions(context, 1)[0] : undefined), [context]);
  const placeholder = example
    ? translate('charts.ask.placeholder', { example })
    : translate('charts.ask.placeholderAny');
  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      fullWidth
      disabled={disabled}
      options={suggestions}
      filterOptions={(options) => options}
      inputValue={value}
      value={null}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(text);
      }}
      onChange={(_event, picked, reason) => {
        if (typeof picked === 'string') {
          if (reason === 'createOption') onAsk(picked);
          return;
        }
        if (!picked) return;
        if (picked.kind === 'question') {
          onChange(picked.completion);
          onAsk(picked.completion);
        } else {
          // a word's completion already ends with the space the next word needs
          onChange(picked.completion);
        }
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.completion)}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <span>{option.label}</span>
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            {option.detail ?? translate(`charts.ask.suggestionKinds.${option.kind}`)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('charts.ask.question')}
          placeholder={placeholder}
          error={error !== null}
          helperText={error ?? undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_QUESTION_LENGTH },
          }}
        />
      )}
    />
  );
}
