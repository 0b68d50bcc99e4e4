import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CancelledError } from '../../ui/api/httpClient';
import { preloadCharts } from '../../ui/dashboard/LazyChart';
import { sharedRunner } from '../../ui/dashboard/tileRunners';
import { fetchSharedDashboard, linkRefusalOf, shareFailureOf } from './api';

/**
 * A dashboard opened by a bearer of the public share API (a share link's token or an embed
 * token): its charts, the runner of their queries, and the failure to show. A refused bearer
 * goes to its message page and shows no data.
 */
export function useSharedDashboard(dashboardId: string, token: string) {
  useEffect(preloadCharts, []);
  const navigate = useNavigate();
  const runner = useMemo(
    () =>
      sharedRunner(Number(dashboardId), token, (error) => {
        const refused = linkRefusalOf(error);
        if (refused) navigate(`/messages/share/${refused}`, { replace: true });
      }),
    [dashboardId, token, navigate],
  );
  const answer = useQuery({
    queryKey: ['sharedDashboard', dashboardId, token],
    queryFn: ({ signal }) => fetchSharedDashboard(dashboardId, token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  // A call cancelled from elsewhere (sign-out) is no failure to show; the page stays loading.
  const caught = answer.error instanceof CancelledError ? null : answer.error;
  const refused = caught ? shareFailureOf(caught) : null;
  useEffect(() => {
    if (refused) navigate(`/messages/share/${refused}`, { replace: true });
  }, [refused, navigate]);
  return {
    shared: answer.data ?? null,
    error: caught && !refused ? caught.message : null,
    runner,
  };
}
