import type { RaRecord } from 'react-admin';

/** Slugs: lower-case words joined by hyphens, sub-pages after slashes (`legal/terms`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export function toInfoPayload(data: RaRecord) {
  return {
    slug: String(data.slug ?? '').trim(),
    title: String(data.title ?? '').trim(),
    body: String(data.body ?? ''),
    published: Boolean(data.published),
  };
}
