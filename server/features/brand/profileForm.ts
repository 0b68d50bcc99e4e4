import { PROFILE_CREATE_FIELDS, PROFILE_UPDATE_FIELDS } from '../../../common/api/brand';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../errors';
import { checkLogoImage, LOGO_MAX_BYTES, logoTooLarge, type LogoMimeType } from './logoImage';
import { nulRefused } from '../../plugins/nulCharacters';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';

// The multipart form of POST and PUT /companyProfiles: text fields name, website,
// primaryColor, secondaryColor (and accountId on create only), and an optional `logo` file.
// Everything is read and checked before anything is written.

const MAX_FIELD_CHARS = 1000;

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
  return parsePayload(PROFILE_CREATE_FIELDS, fields);
}

/**
 * The fields of an update: only those given. The read-only ones (id, accountId, hasLogo) may
 * echo the stored profile as text; changed, they answer 400.
 */
export function parseUpdateFields(fields: Record<string, string>, stored: object) {
  return parseUpdate(PROFILE_UPDATE_FIELDS, fields, stored, { asText: true });
}
