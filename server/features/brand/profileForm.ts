import { DEFAULT_BRAND_COLORS } from '../../../src/model/brand';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest } from '../../http/errors';
import { checkLogoImage, LOGO_MAX_BYTES, logoTooLarge, type LogoMimeType } from './logoImage';
import { nulRefused } from '../../plugins/nulCharacters';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';

// The multipart form of POST and PUT /companyProfiles: text fields name, website,
// primaryColor, secondaryColor (and accountId on create only), and an optional `logo` file.
// Everything is read and checked before anything is written.

const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** The web form's rule: an optional scheme, then a host with a dot. */
const WEBSITE_PATTERN = /^(?:https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]+$/i;
const MAX_FIELD_CHARS = 1000;

const text = () => z.string({ error: 'is required' });

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
};

const createProfileSchema = z.strictObject({
  accountId: text()
    .regex(/^[1-9]\d{0,15}$/, 'must be the id of an account')
    .transform(Number),
  name: profileFields.name,
  website: profileFields.website.default(''),
  primaryColor: profileFields.primaryColor.default(DEFAULT_BRAND_COLORS.primary),
  secondaryColor: profileFields.secondaryColor.default(DEFAULT_BRAND_COLORS.secondary),
});

const updateProfileSchema = z.strictObject({
  name: profileFields.name.optional(),
  website: profileFields.website.optional(),
  primaryColor: profileFields.primaryColor.optional(),
  secondaryColor: profileFields.secondaryColor.optional(),
});

export interface LogoUpload {
  bytes: Buffer;
  mime: LogoMimeType;
}

interface ProfileForm {
  fields: Record<string, string>;
  logo: LogoUpload | null;
}

const notMultipart = () =>
  new ApiError(
    415,
    'Send the company profile as multipart/form-data: fields name, website, primaryColor, ' +
      'secondaryColor, and an optional file "logo".',
  );

async function readLogoPart(part: { toBuffer: () => Promise<Buffer> }): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooLarge();
    throw error;
  }
}

/** Reads every part of the form; the logo is held in memory (at most 1 MB). */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) throw notMultipart();
  const fields: Record<string, string> = {};
  let logoBytes: Buffer | null = null;
  const parts = request.parts({
    limits: { fileSize: LOGO_MAX_BYTES, files: 2, fields: 20, fieldSize: MAX_FIELD_CHARS },
  });
  for await (const part of parts) {
    const name = part.fieldname;
    if (part.type === 'file') {
      if (name !== 'logo') {
        part.file.resume();
        throw badRequest(`Unknown file field "${name}"; send the logo as "logo".`, name);
      }
      if (logoBytes) throw badRequest('logo: send one file only.', 'logo');
      const bytes = await readLogoPart(part);
      // A browser sends an empty, unnamed part for a file input left empty: no new logo.
      if (bytes.length > 0 || part.filename) logoBytes = bytes;
      continue;
    }
    if (name in fields) throw badRequest(`${name}: given more than once.`, name);
    if (part.valueTruncated) {
      throw badRequest(`${name}: must be at most ${MAX_FIELD_CHARS} characters.`, name);
    }
    if (name === 'logo') {
      if (part.value === '') continue;
      throw badRequest('logo: must be sent as a file.', 'logo');
    }
    const value = String(part.value);
    if (value.includes('\u0000')) throw nulRefused(name);
    fields[name] = value;
  }
  const logo = logoBytes ? { bytes: logoBytes, mime: await checkLogoImage(logoBytes) } : null;
  return { fields, logo };
}

/** The fields of a create, validated (unknown ones answer 400 naming them). */
export function parseCreateFields(fields: Record<string, string>) {
  return parsePayload(createProfileSchema, fields);
}

/**
 * The fields of an update: only those given. The read-only ones (id, accountId, hasLogo) may
 * echo the stored profile as text; changed, they answer 400.
 */
export function parseUpdateFields(fields: Record<string, string>, stored: object) {
  return parseUpdate(updateProfileSchema, fields, stored, { asText: true });
}
