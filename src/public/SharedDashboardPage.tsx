import { Alert, Box, Button, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Brand } from '../layout/Brand';

/**
 * `/share/dashboards/:dashboardId/:token`: a dashboard shared by link, in the tenant's brand.
 * Shared dashboards arrive with the dashboards issue; until then every link is reported as
 * unavailable rather than showing anything made up.
 */
export default function SharedDashboardPage() {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper component="section" sx={{ maxWidth: 520, width: '100%', p: 4 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Brand />
        </Box>
        <Box component="h1" sx={{ typography: 'h5', mt: 0 }}>
          {translate('public.sharedDashboard.title')}
        </Box>
        <Alert severity="info">{translate('public.sharedDashboard.unavailable')}</Alert>
        <Button component={RouterLink} to="/home" sx={{ mt: 3 }}>
          {translate('public.sharedDashboard.home')}
        </Button>
      </Paper>
    </Box>
  );
}
