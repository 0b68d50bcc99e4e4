import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CompanyProfile } from '../../../common/types';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { getStoredUser } from '../../ui/session/authProvider';

/**
 * The logo a profile has now. The logo endpoint serves the signed-in user's own site, so the
 * image shows for one's own profile; for other accounts' profiles only whether one is set.
 */
export function CurrentLogo() {
  const translate = useTranslate();
  const record = useRecordContext<CompanyProfile>();
  const { profile } = useCompanyProfile();
  if (!record) return null;
  const isOwnProfile = record.accountId === getStoredUser()?.accountId;
  let content;
  if (!record.hasLogo) content = translate('resources.companies.logo.none');
  else if (isOwnProfile && profile?.logoDataUrl) {
    content = (
      <Box
        component="img"
        src={profile.logoDataUrl}
        alt={translate('resources.companies.logo.current')}
        sx={{ maxHeight: 64, maxWidth: 240 }}
      />
    );
  } else content = translate('resources.companies.logo.set');
  return (
    <Box sx={{ my: 1 }}>
      <Box sx={{ typography: 'caption', color: 'text.secondary' }}>
        {translate('resources.companies.logo.current')}
      </Box>
      <Box sx={{ typography: 'body2' }}>{content}</Box>
    </Box>
  );
}
