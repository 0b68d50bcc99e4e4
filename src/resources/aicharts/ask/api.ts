import type { AskRequest, QuestionFacts } from '../../../../common/api/ai';
import type { AskAnswer } from '../../../../common/nl';
import { apiUrl, httpRequest } from '../../../ui/api/httpClient';

// The Ask box's calls: the server reads a question (parser, or the operator's model) and
// answers the sampled values the box parses and suggests with as the user types.

export async function askQuestion(
  datasetId: number,
  question: string,
  language: string,
  signal?: AbortSignal,
): Promise<AskAnswer> {
  const answer = await httpRequest<AskAnswer>(apiUrl('/api/v1/aicharts/ask'), {
    method: 'POST',
    body: JSON.stringify({ datasetId, question, language } satisfies AskRequest),
    signal,
  });
  return answer.data;
}

export async function fetchSampledFacts(datasetId: number): Promise<QuestionFacts> {
  const answer = await httpRequest<QuestionFacts>(apiUrl(`/api/v1/aicharts/context/${datasetId}`));
  return answer.data;
}
