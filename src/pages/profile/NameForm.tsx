import { useState, type FormEvent } from 'react';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { User } from '../../../common/types';
import { fieldError } from './fieldError';
import { saveFullName } from './api';

/** The own full name; the app bar shows the new name once saved. */
export function NameForm({ user }: { user: User }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useGetIdentity();
  const [fullName, setFullName] = useState(user.fullName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fullName.trim()) {
      setError(translate('profile.errors.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await saveFullName(fullName.trim());
      setFullName(saved.fullName);
      await refetch();
      notify('profile.nameSaved', { type: 'success' });
    } catch (failure) {
      setError(fieldError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="profile-name-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="profile-name-title" variant="h6">
            {translate('profile.nameTitle')}
          </Typography>
          <TextField label={translate('profile.fields.username')} value={user.username} disabled />
          <TextField label={translate('profile.fields.email')} value={user.email} disabled />
          <TextField
            label={translate('profile.fields.fullName')}
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            required
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'start' }}>
            {translate('profile.saveName')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
