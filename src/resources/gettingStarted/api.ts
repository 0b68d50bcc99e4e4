import type { Checklist } from '../../../common/api/gettingStarted';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// The calls of the getting-started page.

export async function fetchChecklist(): Promise<Checklist> {
  return (await httpRequest<Checklist>(apiUrl('/api/v1/gettingStarted'))).data;
}

export async function setChecklistDismissed(dismissed: boolean): Promise<Checklist> {
  const answer = await httpRequest<Checklist>(apiUrl('/api/v1/gettingStarted'), {
    method: 'PUT',
    body: JSON.stringify({ dismissed }),
  });
  return answer.data;
}
