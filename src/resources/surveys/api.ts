import type { AnswerStanding, SurveyResults } from '../../../common/api/surveys';
import type { SurveyAnswers } from '../../../common/surveys';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// The survey actions beyond the simple-rest resource: publish, close, answer, results, CSV.

const path = (id: unknown, action: string) =>
  apiUrl(`/api/v1/surveys/${encodeURIComponent(String(id))}/${action}`);

export async function changeSurveyStatus(id: unknown, action: 'publish' | 'close') {
  await httpRequest(path(id, action), { method: 'POST', body: '{}' });
}

export async function myAnswers(id: unknown): Promise<AnswerStanding> {
  return (await httpRequest<AnswerStanding>(path(id, 'my-answers'))).data;
}

export async function sendAnswers(id: unknown, answers: SurveyAnswers): Promise<void> {
  await httpRequest(path(id, 'answers'), { method: 'POST', body: JSON.stringify({ answers }) });
}

export async function surveyResults(id: unknown): Promise<SurveyResults> {
  return (await httpRequest<SurveyResults>(path(id, 'results'))).data;
}

/** Downloads the answers as a CSV file named after the survey. */
export async function downloadAnswersCsv(id: unknown, name: string): Promise<void> {
  const answer = await httpRequest<string | Blob>(path(id, 'answers.csv'));
  const blob =
    answer.data instanceof Blob ? answer.data : new Blob([answer.data], { type: 'text/csv' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${name.replace(/[^\w -]+/g, '').trim() || 'survey'} answers.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}
