import type { AskAnswer, QuestionContext } from '../../../model/nl';
import { apiUrl, httpRequest } from '../../../ui/api/httpClient';

// The Ask box's calls: the server reads a question (parser, or the operator's model) and
// answers the sampled values the box parses and suggests with as the user types.

export async function askQuestion(
  datasetId: number,
  question: string,
  signal?: AbortSignal,
): Promise<AskAnswer> {
  const answer = await httpRequest<AskAnswer>(apiUrl('/api/v1/aicharts/ask'), {
    method: 'POST',
    body: JSON.stringify({ datasetId, question }),
    signal,
  });
  return answer.data;
}

type SampledFacts = Pick<QuestionContext, 'values' | 'ranges'>;

export async function fetchSampledFacts(datasetId: number): Promise<SampledFacts> {
  const answer = await httpRequest<SampledFacts>(apiUrl(`/api/v1/aicharts/context/${datasetId}`));
  return answer.data;
}
