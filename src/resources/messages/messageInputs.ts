import type { RaRecord } from 'react-admin';

export const MESSAGE_TYPE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function toMessagePayload(data: RaRecord) {
  return {
    type: String(data.type ?? '').trim(),
    title: String(data.title ?? '').trim(),
    body: String(data.body ?? ''),
    published: Boolean(data.published),
  };
}
