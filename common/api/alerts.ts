import { z } from 'zod';
import { SCHEDULE } from './subscriptions';

// Alerts: a chart whose result is a number or a series, checked on a schedule (in the
// account's time zone) as its owner sees it; its owner is told once when the condition starts
// to hold and once when it ends, by e-mail or webhook. The runs record each check.

const ALERT_CONDITION = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('above'),
      threshold: z.number().finite().describe('fires while the value is greater than this'),
    }),
    z.strictObject({
      kind: z.literal('below'),
      threshold: z.number().finite().describe('fires while the value is less than this'),
    }),
    z.strictObject({
      kind: z.literal('change'),
      percent: z
        .number()
        .finite()
        .positive('must be more than 0')
        .max(100_000)
        .describe("fires while the value differs from the previous check's by more than this %"),
    }),
  ],
  { error: () => 'must say kind: above, below or change' },
);
export type AlertCondition = z.infer<typeof ALERT_CONDITION>;

const ALERT_CHANNELS = ['email', 'webhook'] as const;

const ALERT_FIELDS = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  condition: ALERT_CONDITION,
  schedule: SCHEDULE,
  channel: z.enum(ALERT_CHANNELS),
  webhookUrl: z.string().trim().url('must be an http(s) address').max(2000),
  paused: z.boolean(),
};

function requireWebhookUrl(
  value: { channel?: string; webhookUrl?: string },
  context: z.RefinementCtx,
) {
  if (value.channel === 'webhook' && !value.webhookUrl) {
    context.addIssue({
      code: 'custom',
      path: ['webhookUrl'],
      message: 'is required for a webhook',
    });
  }
}

export const ALERT_INPUT = z
  .strictObject({
    chartId: z.number().int().positive(),
    measure: z
      .string()
      .max(200)
      .optional()
      .describe("the chart's measure column to watch (its first when not given)"),
    ...ALERT_FIELDS,
    channel: ALERT_FIELDS.channel.default('email'),
    webhookUrl: ALERT_FIELDS.webhookUrl.optional(),
    paused: ALERT_FIELDS.paused.default(false),
  })
  .superRefine(requireWebhookUrl);
export type AlertInput = z.input<typeof ALERT_INPUT>;

export const ALERT_UPDATE = z
  .strictObject({
    name: ALERT_FIELDS.name.optional(),
    condition: ALERT_CONDITION.optional(),
    schedule: SCHEDULE.optional(),
    channel: ALERT_FIELDS.channel.optional(),
    webhookUrl: ALERT_FIELDS.webhookUrl.optional(),
    paused: ALERT_FIELDS.paused.optional(),
  })
  .superRefine(requireWebhookUrl);

const ALERT_STATES = ['unknown', 'ok', 'firing'] as const;

export const ALERT = z.object({
  id: z.number().int(),
  chartId: z.number().int(),
  createdBy: z.number().int(),
  name: z.string(),
  measure: z.string(),
  condition: ALERT_CONDITION,
  schedule: SCHEDULE,
  channel: z.enum(ALERT_CHANNELS),
  webhookUrl: z.string().optional(),
  paused: z.boolean(),
  state: z.enum(ALERT_STATES).describe('unknown until the first successful check'),
  lastValue: z.number().optional(),
  lastCheckedAt: z.string().optional(),
  lastError: z.string().optional().describe("the last check's error, until a check succeeds"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Alert = z.infer<typeof ALERT>;

const ALERT_RUN_OUTCOMES = ['running', 'ok', 'fired', 'holding', 'recovered', 'failed'] as const;

export const ALERT_RUN = z.object({
  id: z.number().int(),
  alertId: z.number().int(),
  tick: z.string(),
  startedAt: z.string(),
  durationMs: z.number().optional(),
  value: z.number().optional(),
  recipients: z.array(z.string()).describe('who was told (none when nothing changed)'),
  outcome: z.enum(ALERT_RUN_OUTCOMES),
  error: z.string().optional(),
});
export type AlertRun = z.infer<typeof ALERT_RUN>;
