import { z } from 'zod';
import { SITE_PATTERN } from '../site';
import { MAIL_STATUS } from './messages';

// What the registration routes take and answer: the public registration form, the pricing
// page's look-up and account creation, and the platform admin's registrations section.

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const USERNAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,62}[a-zA-Z0-9]$/;

export const REGISTER_BODY = z.strictObject({
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

/** What the pricing page reads with the token of its link. */
export const PENDING_REGISTRATION = z.object({
  companyName: z.string(),
  site: z.string(),
  email: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  accountCreated: z.boolean(),
});
export type PendingRegistration = z.infer<typeof PENDING_REGISTRATION>;

export const ACCOUNT_REGISTRATION_BODY = z.strictObject({
  plan: z.number().int().positive(),
  registrationToken: z.string().min(16).max(200),
});

export const ACCOUNT_CREATED = z.object({
  id: z.number().describe('The new admin user'),
  status: z.literal('created'),
  createPasswordPath: z.string(),
});
export type AccountCreated = z.infer<typeof ACCOUNT_CREATED>;

/** A registration as the platform admin's section reads it. */
export const REGISTRATION = z.object({
  id: z.number(),
  companyName: z.string(),
  site: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  planId: z.number().nullable(),
  accountId: z.number().nullable(),
  createdAt: z.string(),
  rejectReason: z.string().nullable(),
  pricingLinkSent: z.boolean(),
});
export type Registration = z.infer<typeof REGISTRATION>;

const rejectReason = z.string().trim().min(1, 'is required').max(1000);

export const REGISTRATION_UPDATE_BODY = z.strictObject({
  id: z.number().int().positive().optional(),
  status: z.enum(REGISTRATION_STATUSES),
  rejectReason: rejectReason.nullish(),
});

export const REGISTRATION_REJECT_BODY = z.strictObject({ reason: rejectReason });

/** A pricing link, answered once so the admin can copy it. */
export const PRICING_LINK = z.object({
  id: z.number(),
  token: z.string(),
  pricingPath: z.string(),
  mailStatus: MAIL_STATUS,
});
export type PricingLink = z.infer<typeof PRICING_LINK>;

export const APPROVED_REGISTRATION = REGISTRATION.extend({
  token: z.string(),
  pricingPath: z.string(),
  mailStatus: MAIL_STATUS,
});
