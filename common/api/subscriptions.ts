import { z } from 'zod';
import { dashboardFilterValueSchema } from './dashboards';

// Subscriptions: a dashboard delivered on a schedule, in the account's time zone, by e-mail
// (the PDF attached, chosen charts' data as CSV or XLSX) or to a webhook (JSON that Slack's
// incoming webhooks take), and the runs that delivered it.

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 08:00')
  .describe('local time HH:MM in the account time zone');

export const SCHEDULE = z.discriminatedUnion(
  'every',
  [
    z.strictObject({ every: z.literal('hour'), minute: z.number().int().min(0).max(59) }),
    z.strictObject({ every: z.literal('day'), time }),
    z.strictObject({
      every: z.literal('week'),
      days: z
        .array(z.number().int().min(0).max(6))
        .min(1, 'must name at least one day')
        .max(7)
        .describe('0 Sunday … 6 Saturday'),
      time,
    }),
    z.strictObject({
      every: z.literal('month'),
      day: z
        .union([z.number().int().min(1).max(28), z.literal('last')])
        .describe("1-28, or 'last' for the month's last day"),
      time,
    }),
  ],
  { error: () => 'must say every: hour, day, week or month' },
);
export type Schedule = z.infer<typeof SCHEDULE>;

const SUBSCRIPTION_CHANNELS = ['email', 'webhook'] as const;
const ATTACHMENT_FORMATS = ['csv', 'xlsx'] as const;

export const SUBSCRIPTION_INPUT = z
  .strictObject({
    dashboardId: z.number().int().positive(),
    schedule: SCHEDULE,
    channel: z.enum(SUBSCRIPTION_CHANNELS).default('email'),
    webhookUrl: z.string().trim().url('must be an http(s) address').max(2000).optional(),
    recipientIds: z
      .array(z.number().int().positive())
      .max(100)
      .optional()
      .describe('users of the account to send to (yourself when not given)'),
    filters: z.array(dashboardFilterValueSchema).max(50).default([]),
    attachments: z
      .strictObject({
        chartIds: z.array(z.number().int().positive()).max(20).default([]),
        format: z.enum(ATTACHMENT_FORMATS).default('xlsx'),
      })
      .default({ chartIds: [], format: 'xlsx' }),
    paused: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.channel === 'webhook' && !value.webhookUrl) {
      context.addIssue({
        code: 'custom',
        path: ['webhookUrl'],
        message: 'is required for a webhook',
      });
    }
  });

export const SUBSCRIPTION = z.object({
  id: z.number().int(),
  dashboardId: z.number().int(),
  createdBy: z.number().int(),
  schedule: SCHEDULE,
  channel: z.enum(SUBSCRIPTION_CHANNELS),
  webhookUrl: z.string().optional(),
  recipientIds: z.array(z.number().int()),
  filters: z.array(dashboardFilterValueSchema),
  attachments: z.object({
    chartIds: z.array(z.number().int()),
    format: z.enum(ATTACHMENT_FORMATS),
  }),
  paused: z.boolean(),
  lastTick: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof SUBSCRIPTION>;

const RUN_OUTCOMES = ['running', 'sent', 'failed'] as const;

export const SUBSCRIPTION_RUN = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  tick: z.string(),
  startedAt: z.string(),
  durationMs: z.number().optional(),
  recipients: z.array(z.string()),
  outcome: z.enum(RUN_OUTCOMES),
  error: z.string().optional(),
});
export type SubscriptionRun = z.infer<typeof SUBSCRIPTION_RUN>;

/** One line of the Subscriptions pages: a subscription or an alert, with its latest runs. */
export const DELIVERY = z.object({
  id: z.string().describe("'subscription-<id>' or 'alert-<id>'"),
  kind: z.enum(['subscription', 'alert']),
  recordId: z.number().int(),
  name: z.string().describe("the dashboard's name, or the alert's"),
  target: z.object({
    type: z.enum(['dashboard', 'chart']),
    id: z.number().int(),
    name: z.string(),
  }),
  schedule: SCHEDULE,
  channel: z.enum(SUBSCRIPTION_CHANNELS),
  recipients: z.array(z.string()).describe('e-mail addresses, or the webhook host'),
  ownerId: z.number().int(),
  paused: z.boolean(),
  status: z.enum(['active', 'paused', 'failing']),
  lastError: z.string().optional(),
  runs: z
    .array(
      z.object({
        startedAt: z.string(),
        durationMs: z.number().optional(),
        recipients: z.array(z.string()),
        outcome: z.string(),
        error: z.string().optional(),
      }),
    )
    .describe('the latest runs, newest first'),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof DELIVERY>;
