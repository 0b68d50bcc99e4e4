import { Box, Link, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { PRODUCT_NAME, useCompanyProfile } from '../providers/companyProfile';

/**
 * The brand area: the company's logo and name linked to its website, or the product name
 * when no profile is loaded. Used in the sidebar and on the sign-in and home pages.
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
  const name = profile?.name || PRODUCT_NAME;
  const content = (
    <>
      {profile?.logoDataUrl && (
        <Box
          component="img"
          src={profile.logoDataUrl}
          alt={translate('app.brand.logoAlt', { name })}
          sx={{ height: logoHeight, width: 'auto', maxWidth: 160, objectFit: 'contain' }}
        />
      )}
      {showName && (
        <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 600, color: 'inherit' }}>
          {name}
        </Typography>
      )}
    </>
  );
  const layout = { display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 };
  if (!profile?.website) {
    return (
      <Box data-testid="brand" sx={{ ...layout, ...sx }}>
        {content}
      </Box>
    );
  }
  return (
    <Link
      data-testid="brand"
      href={profile.website}
      target="_blank"
      rel="noopener noreferrer"
      underline="none"
      color="inherit"
      sx={{ ...layout, ...sx }}
    >
      {content}
    </Link>
  );
}
