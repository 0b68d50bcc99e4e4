import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Brand } from '../../ui/brand/Brand';
import { getStoredUser } from '../../ui/session/authProvider';
import {
  LOGIN_PATH,
  PRICING_SECTION_PATH,
  REGISTER_PATH,
  defaultLandingFor,
} from '../../ui/navigation/paths';

/** The brand, and the ways in: pricing, sign in (or open the app) and register. */
export function HomeHeader() {
  const translate = useTranslate();
  const user = getStoredUser();
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2, flexWrap: 'wrap' }}
    >
      <Brand />
      <Box component="nav" sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
        <Button component={RouterLink} to={PRICING_SECTION_PATH}>
          {translate('public.home.nav.pricing')}
        </Button>
        {user ? (
          <Button component={RouterLink} to={defaultLandingFor(user.role)} variant="outlined">
            {translate('public.home.nav.openApp')}
          </Button>
        ) : (
          <Button component={RouterLink} to={LOGIN_PATH} variant="outlined">
            {translate('public.home.nav.signIn')}
          </Button>
        )}
        <Button component={RouterLink} to={REGISTER_PATH} variant="contained">
          {translate('public.home.nav.register')}
        </Button>
      </Box>
    </Box>
  );
}
