import type {
  DeletedObject,
  RevisionChange,
  RevisionKind,
  RevisionRecord,
} from '../../../common/revisions';
import { apiUrl, httpRequest } from '../api/httpClient';

// The revisions of a dashboard, chart or dataset and the recently deleted dashboards and
// charts, over /api/v1.

const PATHS: Record<RevisionKind, string> = {
  dashboard: '/api/v1/dashboards',
  chart: '/api/v1/aicharts',
  dataset: '/api/v1/datasets',
};

/** The newest 50 revisions of an object. */
export async function listRevisions(
  kind: RevisionKind,
  id: number,
  signal?: AbortSignal,
): Promise<RevisionRecord[]> {
  const url = apiUrl(`${PATHS[kind]}/${id}/revisions?range=[0,49]`);
  return (await httpRequest<RevisionRecord[]>(url, { signal })).data;
}

export async function restoreRevision(kind: RevisionKind, id: number, revision: number) {
  const url = apiUrl(`${PATHS[kind]}/${id}/revisions/${revision}/restore`);
  await httpRequest(url, { method: 'POST', body: '{}' });
}

export async function listDeleted(signal?: AbortSignal): Promise<DeletedObject[]> {
  return (await httpRequest<DeletedObject[]>(apiUrl('/api/v1/deleted'), { signal })).data;
}

export async function restoreDeleted(object: Pick<DeletedObject, 'kind' | 'id'>) {
  const url = apiUrl(`/api/v1/deleted/${object.kind}/${object.id}/restore`);
  await httpRequest(url, { method: 'POST', body: '{}' });
}

/** The i18n key and values of one change (`revisions.change.<type>`). */
export function changeMessage(change: RevisionChange): [string, Record<string, string | number>] {
  const key = `revisions.change.${change.type}`;
  if (change.type === 'tileMoved') {
    const place = (p: typeof change.from) => `${p.x},${p.y} ${p.w}×${p.h}`;
    return [key, { tile: change.tile, from: place(change.from), to: place(change.to) }];
  }
  const values: Record<string, string | number> = { ...change };
  delete values.type;
  return [key, values];
}
