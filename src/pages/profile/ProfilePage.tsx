import { Loading, Title, useTranslate } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { NameForm } from './NameForm';
import { LanguageForm } from './LanguageForm';
import { PasswordForm } from './PasswordForm';
import { fetchMe } from './api';

/** `/profile`, for every signed-in user: the own name, language and password. */
export default function ProfilePage() {
  const translate = useTranslate();
  // Read afresh on every visit: the forms start from what the server holds now.
  const me = useQuery({
    queryKey: ['profile', 'me'],
    queryFn: fetchMe,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560, py: 2 }}>
      <Title title={translate('profile.title')} />
      {me.isError ? (
        <Alert severity="error">{translate('profile.loadFailed')}</Alert>
      ) : me.isPending ? (
        <Loading />
      ) : (
        <>
          <NameForm user={me.data} />
          <LanguageForm user={me.data} />
          <PasswordForm />
        </>
      )}
    </Box>
  );
}
