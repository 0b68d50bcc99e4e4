import { Box, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import StorageIcon from '@mui/icons-material/Storage';
import TableChartIcon from '@mui/icons-material/TableChart';
import TerminalIcon from '@mui/icons-material/Terminal';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ShareIcon from '@mui/icons-material/Share';
import PaletteIcon from '@mui/icons-material/Palette';

const FEATURES = [
  { key: 'connect', Icon: StorageIcon },
  { key: 'datasets', Icon: TableChartIcon },
  { key: 'explorer', Icon: TerminalIcon },
  { key: 'aiCharts', Icon: AutoAwesomeIcon },
  { key: 'dashboards', Icon: DashboardIcon },
  { key: 'sharing', Icon: ShareIcon },
  { key: 'whiteLabel', Icon: PaletteIcon },
] as const;

/** What the product does, one card per capability. */
export function HomeFeatures() {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: 6 }}>
      <Box component="h2" id="features-title" sx={{ typography: 'h4', textAlign: 'center', mb: 4 }}>
        {translate('public.home.features.title')}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {FEATURES.map(({ key, Icon }) => (
          <Paper key={key} component="article" variant="outlined" sx={{ p: 3 }}>
            <Icon color="primary" fontSize="large" aria-hidden />
            <Box component="h3" sx={{ typography: 'h6', my: 1 }}>
              {translate(`public.home.features.${key}.title`)}
            </Box>
            <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', m: 0 }}>
              {translate(`public.home.features.${key}.text`)}
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
