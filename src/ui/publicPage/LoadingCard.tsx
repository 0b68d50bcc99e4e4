import { useTranslate } from 'react-admin';
import { Box, CircularProgress } from '@mui/material';
import { PublicCard } from './PublicCard';

export function LoadingCard() {
  const translate = useTranslate();
  return (
    <PublicCard title={translate('platform.common.loading')}>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress aria-label={translate('platform.common.loading')} />
      </Box>
    </PublicCard>
  );
}
