import { Box, Chip, Paper, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { CompanyProfile } from '../../../common/types';
import { getStoredUser } from '../../ui/session/authProvider';
import { useCompanyProfile } from '../../ui/brand/companyProfile';

// A live preview of the brand as the form stands: the app bar in the primary colour, the
// brand area (logo and name) and an accent in the secondary colour. A newly dropped logo shows
// at once; otherwise one's own current logo.

interface DroppedLogo {
  src?: string;
}

function useLogoSource(dropped: DroppedLogo | null | undefined): string | null {
  const record = useRecordContext<CompanyProfile>();
  const { profile } = useCompanyProfile();
  if (dropped?.src) return dropped.src;
  const isOwnProfile = record && record.accountId === getStoredUser()?.accountId;
  return isOwnProfile && record.hasLogo ? (profile?.logoDataUrl ?? null) : null;
}

export function BrandPreview() {
  const translate = useTranslate();
  const [name, primaryColor, secondaryColor, logo] = useWatch({
    name: ['name', 'primaryColor', 'secondaryColor', 'logo'],
  }) as [string | undefined, string | undefined, string | undefined, DroppedLogo | null];
  const logoSource = useLogoSource(logo);
  const shownName = name?.trim() || translate('resources.companies.preview.unnamed');
  return (
    <Box sx={{ width: '100%', maxWidth: 520, my: 2 }}>
      <Typography variant="overline" component="p">
        {translate('resources.companies.preview.title')}
      </Typography>
      <Paper
        variant="outlined"
        data-testid="brand-preview"
        sx={{ overflow: 'hidden' }}
        aria-label={translate('resources.companies.preview.title')}
      >
        <Box
          data-testid="brand-preview-bar"
          sx={{ bgcolor: primaryColor || 'primary.main', color: '#fff', px: 2, py: 1 }}
        >
          <Typography variant="body2">{translate('resources.companies.preview.page')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
          {logoSource && (
            <Box
              component="img"
              src={logoSource}
              alt={translate('app.brand.logoAlt', { name: shownName })}
              sx={{ height: 32, width: 'auto', maxWidth: 160, objectFit: 'contain' }}
            />
          )}
          <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
            {shownName}
          </Typography>
          <Chip
            size="small"
            data-testid="brand-preview-accent"
            label={translate('resources.companies.preview.accent')}
            sx={{ ml: 'auto', bgcolor: secondaryColor || 'secondary.main', color: '#fff' }}
          />
        </Box>
      </Paper>
    </Box>
  );
}
