import { useState } from 'react';
import {
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Annotation, AnnotationInput } from '../../../common/api/annotations';
import { HttpError } from '../api/httpClient';
import { saveAnnotation } from './annotationsApi';

// Adds or changes one annotation: label, a date or a range, colour, and whether it shows on
// this chart or on every chart of the dataset. Mistakes are said at their field, the
// server's too (it names the field).

const DEFAULT_COLOUR = '#d62728';

type Field = 'label' | 'startsOn' | 'endsOn' | 'colour' | 'chartId';
type Errors = Partial<Record<Field, string>>;

interface AnnotationFormProps {
  chart: { id: number; datasetId: number };
  datasetName: string;
  annotation: Annotation | null;
  onCancel: () => void;
  onSaved: () => void;
}

function draftOf(chartId: number, annotation: Annotation | null) {
  return {
    label: annotation?.label ?? '',
    startsOn: annotation?.startsOn ?? '',
    endsOn: annotation?.endsOn ?? '',
    colour: annotation?.colour ?? DEFAULT_COLOUR,
    wholeDataset: annotation ? annotation.chartId === null : false,
    chartId,
  };
}
type Draft = ReturnType<typeof draftOf>;

function checkDraft(draft: Draft, translate: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!draft.label.trim()) errors.label = translate('annotations.errors.required');
  if (!draft.startsOn) errors.startsOn = translate('annotations.errors.required');
  if (draft.startsOn && draft.endsOn && draft.endsOn < draft.startsOn) {
    errors.endsOn = translate('annotations.errors.endBeforeStart');
  }
  return errors;
}

const inputOf = (draft: Draft): AnnotationInput => ({
  chartId: draft.wholeDataset ? null : draft.chartId,
  label: draft.label.trim(),
  startsOn: draft.startsOn,
  endsOn: draft.endsOn || null,
  colour: draft.colour,
});

/** The field a refusal names, with its words; or the whole message. */
function refusalOf(caught: unknown): { field?: Field; message: string } {
  const body = caught instanceof HttpError ? (caught.body as { field?: string } | null) : null;
  const message = (caught as Error).message;
  const field = body?.field as Field | undefined;
  return field ? { field, message } : { message };
}

export function AnnotationForm(props: AnnotationFormProps) {
  const { chart, datasetName, annotation, onCancel, onSaved } = props;
  const translate = useTranslate();
  const [draft, setDraft] = useState(() => draftOf(chart.id, annotation));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const save = async () => {
    const found = checkDraft(draft, translate);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await saveAnnotation(chart.datasetId, inputOf(draft), annotation?.id);
      onSaved();
    } catch (caught) {
      const refusal = refusalOf(caught);
      setErrors({ [refusal.field ?? 'label']: refusal.message });
    } finally {
      setSaving(false);
    }
  };

  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ pt: 1 }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label={translate('annotations.fields.label')}
        value={draft.label}
        onChange={(event) => change({ label: event.target.value })}
        error={Boolean(errors.label)}
        helperText={errors.label}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...dateProps}
          label={translate('annotations.fields.startsOn')}
          value={draft.startsOn}
          onChange={(event) => change({ startsOn: event.target.value })}
          error={Boolean(errors.startsOn)}
          helperText={errors.startsOn}
          required
          fullWidth
        />
        <TextField
          {...dateProps}
          label={translate('annotations.fields.endsOn')}
          value={draft.endsOn}
          onChange={(event) => change({ endsOn: event.target.value })}
          error={Boolean(errors.endsOn)}
          helperText={errors.endsOn}
          fullWidth
        />
      </Stack>
      <TextField
        type="color"
        label={translate('annotations.fields.colour')}
        value={draft.colour}
        onChange={(event) => change({ colour: event.target.value })}
        error={Boolean(errors.colour)}
        helperText={errors.colour}
        sx={{ maxWidth: 160 }}
      />
      <FormControl error={Boolean(errors.chartId)}>
        <FormLabel id="annotation-scope">{translate('annotations.scope.label')}</FormLabel>
        <RadioGroup
          aria-labelledby="annotation-scope"
          value={draft.wholeDataset ? 'dataset' : 'chart'}
          onChange={(event) => change({ wholeDataset: event.target.value === 'dataset' })}
        >
          <FormControlLabel
            value="chart"
            control={<Radio />}
            label={translate('annotations.scope.chart')}
          />
          <FormControlLabel
            value="dataset"
            control={<Radio />}
            label={translate('annotations.scope.dataset', { dataset: datasetName })}
          />
        </RadioGroup>
        {errors.chartId && <FormHelperText>{errors.chartId}</FormHelperText>}
      </FormControl>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{translate('annotations.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {translate('annotations.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
