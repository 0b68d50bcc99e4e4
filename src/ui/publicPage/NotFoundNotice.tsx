import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Button } from '@mui/material';
import { PublicCard } from './PublicCard';

/** A friendly "not found" page with a way home. */
export function NotFoundNotice({ titleKey, bodyKey }: { titleKey: string; bodyKey: string }) {
  const translate = useTranslate();
  return (
    <PublicCard title={translate(titleKey)}>
      <Box component="p" sx={{ typography: 'body1', textAlign: 'center' }}>
        {translate(bodyKey)}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
        <Button component={RouterLink} to="/" variant="contained">
          {translate('platform.common.home')}
        </Button>
      </Box>
    </PublicCard>
  );
}
