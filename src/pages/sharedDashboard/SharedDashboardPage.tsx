import { useEffect } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { Brand } from '../../ui/brand/Brand';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { DashboardView } from '../../ui/dashboard/DashboardView';
import { useSharedDashboard } from './useSharedDashboard';
import { PRINT_PARAM, PRINT_TABS, PrintedTabs } from './PrintedTabs';
import { useTranslated } from '../../ui/translations/useContentLanguage';

/**
 * `/share/dashboards/:dashboardId/:token`: a dashboard shared by link, without sign-in, in the
 * tenant's brand. The token is the bearer of every call; a revoked, expired or unknown link
 * goes to its message page and shows no data. With `?print=tabs` (the PDF renderer) it shows
 * every tab, one after the other.
 */
export default function SharedDashboardPage() {
  const translate = useTranslate();
  const { dashboardId = '', token = '' } = useParams();
  const { profile } = useCompanyProfile();
  const { shared, error, runner } = useSharedDashboard(dashboardId, token);
  const [search] = useSearchParams();
  const View = search.get(PRINT_PARAM) === PRINT_TABS ? PrintedTabs : DashboardView;

  const name = useTranslated(shared?.dashboard)?.name;
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
            {name}
          </Typography>
          <View
            dashboard={shared.dashboard}
            charts={shared.charts}
            runner={runner}
            frozen={shared.frozen}
            drillContexts={shared.drill}
          />
        </>
      )}
    </Box>
  );
}
