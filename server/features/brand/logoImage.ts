import { fileTypeFromBuffer } from 'file-type';
import { ApiError, badRequest } from '../../errors';

// A company logo is served back to browsers on every tenant's pages, so only raster images
// whose type is read from the bytes themselves are kept: never the client's claimed type or
// file name, and never SVG (it can carry scripts).

export const LOGO_MAX_BYTES = 1024 * 1024;

export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

const ACCEPTED = 'a PNG, JPEG, GIF or WebP image';

export function logoTooLarge(): ApiError {
  return new ApiError(
    413,
    `logo: the file is larger than 1 MB; upload ${ACCEPTED} up to 1 MB.`,
    'logo',
  );
}

function unsupported(message: string): ApiError {
  return new ApiError(415, message, 'logo');
}

/** Text that starts like XML or SVG markup (after an optional BOM and whitespace). */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^<(\?xml|svg|!doctype svg|!--)/i.test(head) || /<svg[\s>]/i.test(head);
}

/**
 * The logo's type, read from its content. Empty, oversize, SVG and every other type answer
 * 4xx naming the `logo` field.
 */
export async function checkLogoImage(bytes: Buffer): Promise<LogoMimeType> {
  if (bytes.length === 0) throw badRequest('logo: the file is empty.', 'logo');
  if (bytes.length > LOGO_MAX_BYTES) throw logoTooLarge();
  if (looksLikeSvg(bytes)) {
    throw unsupported(`logo: SVG images are not accepted; upload ${ACCEPTED}.`);
  }
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as string | undefined;
  if (!mime || !(LOGO_MIME_TYPES as readonly string[]).includes(mime)) {
    const found = detected ? ` (the file is ${detected.ext.toUpperCase()})` : '';
    throw unsupported(`logo: must be ${ACCEPTED}${found}.`);
  }
  return mime as LogoMimeType;
}
