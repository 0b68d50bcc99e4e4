import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Dataset } from '../../../../common/analytics';
import type { QuestionContext } from '../../../../common/nl';
import { fetchSampledFacts } from './api';

/**
 * What the parser knows of the chosen dataset in the browser: its fields at once, its sampled
 * values once the server has answered them (until then the box still parses field names).
 */
export function useQuestionContext(dataset: Dataset | undefined): QuestionContext | null {
  const facts = useQuery({
    queryKey: ['aicharts', 'questionContext', dataset?.id],
    queryFn: () => fetchSampledFacts(dataset!.id),
    enabled: dataset !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return useMemo(
    () =>
      dataset
        ? { dataset, values: facts.data?.values ?? {}, ranges: facts.data?.ranges ?? {} }
        : null,
    [dataset, facts.data],
  );
}
