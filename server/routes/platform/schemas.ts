import { z } from 'zod';
import { SECTIONS } from '../../../src/model/sections';
import { SITE_PATTERN } from '../../../src/model/site';
import { MIN_PASSWORD_LENGTH } from '../../auth/passwords';
import { REGISTRATION_STATUSES } from '../../db/platformSchema';

// One strict schema per payload of the platform routes: unknown fields are a 400.

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const markdown = z.string().max(100_000);
const id = z.number().int().positive().optional();

const USERNAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,62}[a-zA-Z0-9]$/;

export const registerSchema = z.strictObject({
  companyName: text(200),
  site: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SITE_PATTERN, 'must be 2 to 40 lower-case letters, digits or inner hyphens'),
  fullName: text(200),
  email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'must be 3 to 64 letters, digits, dots, dashes or underscores'),
});

export const accountRegistrationSchema = z.strictObject({
  plan: z.number().int().positive(),
  registrationToken: z.string().min(16).max(200),
});

export const createPasswordSchema = z.strictObject({
  /** The id of the /create-password/<id> link. */
  invitation: z.string().min(16).max(200),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});

const rejectReason = z.string().trim().min(1, 'is required').max(1000);

export const registrationUpdateSchema = z.strictObject({
  id,
  status: z.enum(REGISTRATION_STATUSES),
  rejectReason: rejectReason.nullish(),
});

export const registrationRejectSchema = z.strictObject({ reason: rejectReason });

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code such as USD');

const planLimit = z.number().int().min(0).max(1_000_000_000).nullable().default(null);

export const pricingPlanSchema = z.strictObject({
  id,
  name: text(100),
  priceMonthly: z.number().int().min(0).max(100_000_000),
  currency,
  features: z.array(text(200)).max(30),
  highlighted: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
  // Plan limits: null (or absent) is unlimited.
  maxUsers: planLimit,
  maxDashboards: planLimit,
  maxDataSources: planLimit,
  maxStorageMb: planLimit,
});

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export const infoPageSchema = z.strictObject({
  id,
  slug: z
    .string()
    .max(120)
    .regex(SLUG_PATTERN, 'must be lower-case words joined by hyphens (and slashes)'),
  title: text(200),
  body: markdown,
  published: z.boolean(),
});

const MESSAGE_TYPE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const messageSchema = z.strictObject({
  id,
  type: z
    .string()
    .max(60)
    .regex(MESSAGE_TYPE_PATTERN, 'must be lower-case words joined by hyphens'),
  title: text(200),
  body: markdown,
  published: z.boolean(),
});

export const helpSectionSchema = z.strictObject({
  id,
  title: text(200),
  body: markdown,
  group: z.string().trim().max(80, 'must be at most 80 characters').default(''),
  sections: z.array(z.enum(SECTIONS)).max(SECTIONS.length).default([]),
  sortOrder: z.number().int().min(0).max(100_000),
  published: z.boolean(),
});

export const apiTokenCreateSchema = z.strictObject({
  label: text(100),
  expiresInDays: z.number().int().min(1).max(365).optional(),
  scope: z.enum(['read', 'read-write']).default('read-write'),
});
