import { Box, IconButton, Link, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useCompanyProfile } from './companyProfile';
import { fallbackBrandName } from './brandSite';
import { getStoredUser } from '../session/authProvider';
import { defaultLandingFor } from '../navigation/paths';

/** The app's home: the signed-in user's landing page, else `/` (a tenant's sign-in page). */
function appHomePath(): string {
  const user = getStoredUser();
  return user?.active ? defaultLandingFor(user.role) : '/';
}

/**
 * The brand area: the company's logo and name linking to the app's home, and beside them a
 * separate link to the company's website. Without a profile the platform shows the product
 * name; a tenant's host shows no name rather than the product's. Used in the sidebar and on
 * the public pages.
 */
export function Brand({
  showName = true,
  logoHeight = 32,
  sx,
}: {
  showName?: boolean;
  logoHeight?: number;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const { profile } = useCompanyProfile();
  const name = profile?.name || fallbackBrandName();
  const logo = profile?.logoDataUrl;
  const hasContent = Boolean(logo) || (showName && name !== '');
  return (
    <Box
      data-testid="brand"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0, ...sx }}
    >
      {hasContent && (
        <Link
          component={RouterLink}
          to={appHomePath()}
          data-testid="brand-home"
          aria-label={name || undefined}
          underline="none"
          color="inherit"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          {logo && (
            <Box
              component="img"
              src={logo}
              alt={translate('app.brand.logoAlt', { name })}
              sx={{ height: logoHeight, width: 'auto', maxWidth: 160, objectFit: 'contain' }}
            />
          )}
          {showName && name !== '' && (
            <Typography
              component="span"
              variant="h6"
              noWrap
              sx={{ fontWeight: 600, color: 'inherit' }}
            >
              {name}
            </Typography>
          )}
        </Link>
      )}
      {profile?.website && (
        <IconButton
          component="a"
          href={profile.website}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          color="inherit"
          data-testid="brand-website"
          aria-label={translate('app.brand.website', { name })}
          title={translate('app.brand.website', { name })}
        >
          <OpenInNewIcon fontSize="inherit" />
        </IconButton>
      )}
    </Box>
  );
}
