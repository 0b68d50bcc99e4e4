import { useEffect, useMemo } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { Brand } from '../../ui/brand/Brand';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { CancelledError, HttpError } from '../../ui/api/httpClient';
import { DashboardView } from '../../ui/dashboard/DashboardView';
import { preloadCharts } from '../../ui/dashboard/LazyChart';
import { sharedRunner } from '../../ui/dashboard/tileRunners';
import { fetchSharedDashboard, shareFailureOf } from './api';

/**
 * `/share/dashboards/:dashboardId/:token`: a dashboard shared by link, without sign-in, in the
 * tenant's brand. The token is the bearer of every call; a revoked, expired or unknown link
 * goes to its message page and shows no data.
 */
export default function SharedDashboardPage() {
  const translate = useTranslate();
  useEffect(preloadCharts, []);
  const navigate = useNavigate();
  const { dashboardId = '', token = '' } = useParams();
  const { profile } = useCompanyProfile();
  const runner = useMemo(
    () =>
      sharedRunner(Number(dashboardId), token, (error) => {
        const reason = (error instanceof HttpError ? error.body : null) as {
          reason?: string;
        } | null;
        if (error instanceof HttpError && error.status === 404 && reason?.reason) {
          navigate(`/messages/share/${shareFailureOf(error)}`, { replace: true });
        }
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
  const shared = answer.data ?? null;
  // A call cancelled from elsewhere (sign-out) is no failure to show; the page stays loading.
  const caught = answer.error instanceof CancelledError ? null : answer.error;
  const refused = caught ? shareFailureOf(caught) : null;
  const error = caught && !refused ? caught.message : null;
  useEffect(() => {
    if (refused) navigate(`/messages/share/${refused}`, { replace: true });
  }, [refused, navigate]);

  const name = shared?.dashboard.name;
  useEffect(() => {
    if (name) document.title = profile?.name ? `${name} · ${profile.name}` : name;
  }, [name, profile?.name]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: 2 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Brand />
      </Box>
      {error && (
        <Alert severity="error">{translate('dashboards.shared.failed', { message: error })}</Alert>
      )}
      {!shared && !error && <LinearProgress aria-label={translate('dashboards.shared.loading')} />}
      {shared && (
        <>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {shared.dashboard.name}
          </Typography>
          <DashboardView
            dashboard={shared.dashboard}
            charts={shared.charts}
            runner={runner}
            frozen={shared.frozen}
          />
        </>
      )}
    </Box>
  );
}
