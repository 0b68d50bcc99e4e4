import { useEffect, useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Alert, Box } from '@mui/material';
import type { User } from '../../model/types';
import { NameForm } from './NameForm';
import { PasswordForm } from './PasswordForm';
import { fetchMe } from './api';

/** `/profile`, for every signed-in user: the own name and password. */
export default function ProfilePage() {
  const translate = useTranslate();
  const [user, setUser] = useState<User | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchMe().then(
      (me) => live && setUser(me),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560, py: 2 }}>
      <Title title={translate('profile.title')} />
      {failed ? (
        <Alert severity="error">{translate('profile.loadFailed')}</Alert>
      ) : user === null ? (
        <Loading />
      ) : (
        <>
          <NameForm user={user} />
          <PasswordForm />
        </>
      )}
    </Box>
  );
}
