import type { Alert, AlertInput } from '../../../common/api/alerts';

// The alert form's values as the user types them (text fields), what they become on the wire,
// and what is wrong with them, field by field (i18n keys).

export interface AlertFormValues {
  name: string;
  kind: 'above' | 'below' | 'change';
  /** The threshold, or the percent of a change. */
  amount: string;
  every: 'hour' | 'day' | 'other';
  minute: string;
  time: string;
  channel: 'email' | 'webhook';
  webhookUrl: string;
}

export type AlertFormErrors = Partial<Record<keyof AlertFormValues, string>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function formValuesOf(alert: Alert | null, chartName: string): AlertFormValues {
  const schedule = alert?.schedule;
  const condition = alert?.condition;
  return {
    name: alert?.name ?? chartName,
    kind: condition?.kind ?? 'above',
    amount: condition
      ? String(condition.kind === 'change' ? condition.percent : condition.threshold)
      : '',
    every:
      !schedule || schedule.every === 'hour' ? 'hour' : schedule.every === 'day' ? 'day' : 'other',
    minute: schedule?.every === 'hour' ? String(schedule.minute) : '0',
    time: schedule && schedule.every !== 'hour' ? schedule.time : '08:00',
    channel: alert?.channel ?? 'email',
    webhookUrl: alert?.webhookUrl ?? '',
  };
}

export function formErrors(values: AlertFormValues): AlertFormErrors {
  const errors: AlertFormErrors = {};
  if (!values.name.trim()) errors.name = 'alerts.form.required';
  const amount = Number(values.amount);
  if (values.amount.trim() === '' || !Number.isFinite(amount)) {
    errors.amount = 'alerts.form.number';
  } else if (values.kind === 'change' && amount <= 0) {
    errors.amount = 'alerts.form.positive';
  }
  const minute = Number(values.minute);
  if (values.every === 'hour' && !(Number.isInteger(minute) && minute >= 0 && minute <= 59)) {
    errors.minute = 'alerts.form.minuteRange';
  }
  if (values.every === 'day' && !TIME.test(values.time)) errors.time = 'alerts.form.timeFormat';
  if (values.channel === 'webhook' && !/^https?:\/\/\S+$/.test(values.webhookUrl.trim())) {
    errors.webhookUrl = 'alerts.form.url';
  }
  return errors;
}

/** The form as the API takes it; an 'other' schedule (set through the API) is kept as it is. */
export function wireOf(values: AlertFormValues, kept: Alert | null): Omit<AlertInput, 'chartId'> {
  const amount = Number(values.amount);
  const condition =
    values.kind === 'change'
      ? { kind: 'change' as const, percent: amount }
      : { kind: values.kind, threshold: amount };
  const schedule =
    values.every === 'hour'
      ? { every: 'hour' as const, minute: Number(values.minute) }
      : values.every === 'day'
        ? { every: 'day' as const, time: values.time }
        : kept!.schedule;
  return {
    name: values.name.trim(),
    condition,
    schedule,
    channel: values.channel,
    ...(values.channel === 'webhook' && { webhookUrl: values.webhookUrl.trim() }),
  };
}
