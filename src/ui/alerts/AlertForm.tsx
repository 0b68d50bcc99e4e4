import { useState } from 'react';
import { Alert as Notice, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import type { Alert } from '../../../common/api/alerts';
import { HttpError } from '../api/httpClient';
import { changeAlert, createAlert } from './alertsApi';
import { formErrors, formValuesOf, wireOf, type AlertFormValues } from './alertForm';

interface AlertFormProps {
  chart: { id: number; name: string };
  /** The alert edited; null for a new one. */
  alert: Alert | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** The field the server named as wrong (its 400 answer's `field`), if the form has it. */
function serverField(error: unknown): keyof AlertFormValues | null {
  const field =
    error instanceof HttpError ? (error.body as { field?: string } | null)?.field : null;
  if (!field) return null;
  if (field.startsWith('condition')) return 'amount';
  if (field.startsWith('schedule')) return 'time';
  return ['name', 'webhookUrl'].includes(field) ? (field as keyof AlertFormValues) : null;
}

/** Sets or changes an alert on a chart: its name, condition, schedule and where it is told. */
export function AlertForm({ chart, alert, onSaved, onCancel }: AlertFormProps) {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const mayUseWebhooks = permissions === 'admin' || permissions === 'editor';
  const [values, setValues] = useState(() => formValuesOf(alert, chart.name));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{
    field: keyof AlertFormValues | null;
    message: string;
  } | null>(null);
  const errors = touched ? formErrors(values) : {};
  const set = (change: Partial<AlertFormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setFailure(null);
  };
  const helper = (field: keyof AlertFormValues, hint?: string) => {
    if (errors[field]) return translate(errors[field]);
    if (failure?.field === field) return failure.message;
    return hint;
  };
  const invalid = (field: keyof AlertFormValues) =>
    Boolean(errors[field]) || failure?.field === field;

  const save = async () => {
    setTouched(true);
    if (Object.keys(formErrors(values)).length > 0) return;
    setSaving(true);
    try {
      const wire = wireOf(values, alert);
      if (alert) await changeAlert(alert.id, wire);
      else await createAlert({ chartId: chart.id, ...wire });
      onSaved();
    } catch (error) {
      setFailure({ field: serverField(error), message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-label={translate(alert ? 'alerts.form.editTitle' : 'alerts.form.newTitle')}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          label={translate('alerts.form.name')}
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
          error={invalid('name')}
          helperText={helper('name')}
          required
          autoFocus
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={translate('alerts.form.condition')}
            value={values.kind}
            onChange={(event) => set({ kind: event.target.value as AlertFormValues['kind'] })}
            sx={{ minWidth: 200 }}
          >
            {(['above', 'below', 'change'] as const).map((kind) => (
              <MenuItem key={kind} value={kind}>
                {translate(`alerts.kind.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate(
              values.kind === 'change' ? 'alerts.form.percent' : 'alerts.form.threshold',
            )}
            value={values.amount}
            onChange={(event) => set({ amount: event.target.value })}
            error={invalid('amount')}
            helperText={helper('amount', translate('alerts.form.valueHint'))}
            inputMode="decimal"
            required
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={translate('alerts.form.every')}
            value={values.every}
            onChange={(event) => set({ every: event.target.value as AlertFormValues['every'] })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="hour">{translate('alerts.every.hour')}</MenuItem>
            <MenuItem value="day">{translate('alerts.every.day')}</MenuItem>
            {values.every === 'other' && (
              <MenuItem value="other">{translate('alerts.every.other')}</MenuItem>
            )}
          </TextField>
          {values.every === 'hour' && (
            <TextField
              label={translate('alerts.form.minute')}
              value={values.minute}
              onChange={(event) => set({ minute: event.target.value })}
              error={invalid('minute')}
              helperText={helper('minute')}
              inputMode="numeric"
            />
          )}
          {values.every === 'day' && (
            <TextField
              label={translate('alerts.form.time')}
              value={values.time}
              onChange={(event) => set({ time: event.target.value })}
              error={invalid('time')}
              helperText={helper('time', translate('alerts.form.timeHint'))}
              placeholder="08:00"
            />
          )}
        </Stack>
        <TextField
          select
          label={translate('alerts.form.channel')}
          value={values.channel}
          onChange={(event) => set({ channel: event.target.value as AlertFormValues['channel'] })}
        >
          <MenuItem value="email">{translate('alerts.channel.email')}</MenuItem>
          {(mayUseWebhooks || values.channel === 'webhook') && (
            <MenuItem value="webhook">{translate('alerts.channel.webhook')}</MenuItem>
          )}
        </TextField>
        {values.channel === 'webhook' && (
          <TextField
            label={translate('alerts.form.webhookUrl')}
            value={values.webhookUrl}
            onChange={(event) => set({ webhookUrl: event.target.value })}
            error={invalid('webhookUrl')}
            helperText={helper('webhookUrl')}
            inputMode="url"
            required
          />
        )}
        {failure && failure.field === null && <Notice severity="error">{failure.message}</Notice>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
