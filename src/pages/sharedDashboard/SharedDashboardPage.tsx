import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { Brand } from '../../ui/brand/Brand';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { CancelledError, HttpError } from '../../ui/api/httpClient';
import { DashboardView } from '../../ui/dashboard/DashboardView';
import { preloadCharts } from '../../ui/dashboard/LazyChart';
import { sharedRunner } from '../../ui/dashboard/tileRunners';
import { fetchSharedDashboard, shareFailureOf, type SharedDashboard } from './api';

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
  const [shared, setShared] = useState<SharedDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
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

  useEffect(() => {
    const controller = new AbortController();
    setShared(null);
    fetchSharedDashboard(dashboardId, token, controller.signal)
      .then(setShared)
      .catch((caught: unknown) => {
        if (caught instanceof CancelledError) return;
        const failure = shareFailureOf(caught);
        if (failure) navigate(`/messages/share/${failure}`, { replace: true });
        else setError(caught instanceof Error ? caught.message : String(caught));
      });
    return () => controller.abort();
  }, [dashboardId, token, navigate]);

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
