import { z } from 'zod';
import { SITE_PATTERN } from '../../../src/model/site';
import { REGISTRATION_STATUSES } from '../../db/platformSchema';

// One strict schema per payload of the registration routes: unknown fields are a 400.

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const id = z.number().int().positive().optional();

export const USERNAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,62}[a-zA-Z0-9]$/;

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

const rejectReason = z.string().trim().min(1, 'is required').max(1000);

export const registrationUpdateSchema = z.strictObject({
  id,
  status: z.enum(REGISTRATION_STATUSES),
  rejectReason: rejectReason.nullish(),
});

export const registrationRejectSchema = z.strictObject({ reason: rejectReason });
