import type { RaRecord } from 'react-admin';

export function toHelpSectionPayload(data: RaRecord) {
  return {
    title: String(data.title ?? '').trim(),
    body: String(data.body ?? ''),
    sortOrder: Number(data.sortOrder ?? 0),
    published: Boolean(data.published),
  };
}
