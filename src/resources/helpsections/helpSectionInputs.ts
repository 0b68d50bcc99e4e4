import type { RaRecord } from 'react-admin';

export function toHelpSectionPayload(data: RaRecord) {
  return {
    title: String(data.title ?? '').trim(),
    body: String(data.body ?? ''),
    group: String(data.group ?? '').trim(),
    sections: Array.isArray(data.sections) ? data.sections.map(String) : [],
    sortOrder: Number(data.sortOrder ?? 0),
    published: Boolean(data.published),
  };
}
