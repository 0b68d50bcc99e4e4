import { z } from 'zod';
import { DEFAULT_BRAND_COLORS } from '../brand';
import { LANGUAGE_CODES } from '../languages';

// A company profile (the brand of an account) as the API answers it. Create and update are
// multipart forms (name, website, primaryColor, secondaryColor, accountId on create, an
// optional file `logo`); the logo itself is served by GET /api/v1/logo.

export const COMPANY_PROFILE = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  website: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  hasLogo: z.boolean(),
  timeZone: z.string().describe("IANA time zone the account's schedules run in"),
  language: z
    .enum(LANGUAGE_CODES)
    .nullable()
    .describe("The account's default language; null: each visitor's browser decides"),
});
export type CompanyProfile = z.infer<typeof COMPANY_PROFILE>;

const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** The web form's rule: an optional scheme, then a host with a dot. */
const WEBSITE_PATTERN = /^(?:https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]+$/i;

const text = () => z.string({ error: 'is required' });

/** An IANA time zone this runtime knows ("Europe/Berlin", "UTC"). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

const profileFields = {
  name: text().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  website: text()
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((value) => value === '' || WEBSITE_PATTERN.test(value), {
      message: 'must be a web address such as acme.example or https://acme.example',
    }),
  primaryColor: text()
    .regex(COLOUR_PATTERN, 'must be a colour in the form #rrggbb')
    .transform((value) => value.toLowerCase()),
  secondaryColor: text()
    .regex(COLOUR_PATTERN, 'must be a colour in the form #rrggbb')
    .transform((value) => value.toLowerCase()),
  timeZone: text()
    .trim()
    .refine(isTimeZone, { message: 'must be a time zone such as Europe/Berlin or UTC' }),
  /** A form field is text: empty means no default (each visitor's browser decides). */
  language: text()
    .trim()
    .refine((value) => value === '' || (LANGUAGE_CODES as readonly string[]).includes(value), {
      message: `must be one of ${LANGUAGE_CODES.join(', ')}, or empty for the browser's language`,
    })
    .transform((value) => (value === '' ? null : (value as (typeof LANGUAGE_CODES)[number]))),
};

/** The text fields of a create. */
export const PROFILE_CREATE_FIELDS = z.strictObject({
  accountId: text()
    .regex(/^[1-9]\d{0,15}$/, 'must be the id of an account')
    .transform(Number),
  name: profileFields.name,
  website: profileFields.website.default(''),
  primaryColor: profileFields.primaryColor.default(DEFAULT_BRAND_COLORS.primary),
  secondaryColor: profileFields.secondaryColor.default(DEFAULT_BRAND_COLORS.secondary),
  timeZone: profileFields.timeZone.default('UTC'),
  language: profileFields.language.default(null),
});

/** The text fields of an update: those given change. */
export const PROFILE_UPDATE_FIELDS = z.strictObject({
  name: profileFields.name.optional(),
  website: profileFields.website.optional(),
  primaryColor: profileFields.primaryColor.optional(),
  secondaryColor: profileFields.secondaryColor.optional(),
  timeZone: profileFields.timeZone.optional(),
  language: profileFields.language.optional(),
});

const LOGO_FILE = z
  .string()
  .optional()
  .meta({ format: 'binary', description: 'A PNG, JPEG, GIF or WebP image, 1 MB at most.' });

/** POST /companyProfiles, a multipart form: the create fields and a logo file. */
export const PROFILE_CREATE_FORM = PROFILE_CREATE_FIELDS.extend({ logo: LOGO_FILE });
/** PUT /companyProfiles/{id}, a multipart form: the fields to change and a new logo. */
export const PROFILE_UPDATE_FORM = PROFILE_UPDATE_FIELDS.extend({ logo: LOGO_FILE });
