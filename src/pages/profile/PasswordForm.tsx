import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { MIN_PASSWORD_LENGTH } from '../password/passwordForm';
import { fieldError } from './fieldError';
import { changePassword } from './api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

/** Changing the own password: the current one, then the new one twice (docs/architecture.md §7 rules). */
export function PasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  function check(): Errors {
    const found: Errors = {};
    if (!values.currentPassword) found.currentPassword = translate('profile.errors.required');
    if (values.newPassword.length < MIN_PASSWORD_LENGTH) {
      found.newPassword = translate('profile.errors.tooShort', { min: MIN_PASSWORD_LENGTH });
    }
    if (values.confirmPassword !== values.newPassword) {
      found.confirmPassword = translate('profile.errors.mismatch');
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      notify('profile.passwordChanged', { type: 'success' });
    } catch (failure) {
      const { field, message } = fieldError(failure);
      if (field === 'currentPassword' || field === 'newPassword') setErrors({ [field]: message });
      else notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const input = (field: Field, autoComplete: string) => (
    <TextField
      type="password"
      label={translate(`profile.fields.${field}`)}
      value={values[field]}
      onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? (field === 'newPassword' ? translate('profile.rules') : ' ')}
      autoComplete={autoComplete}
      required
    />
  );

  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="profile-password-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="profile-password-title" variant="h6">
            {translate('profile.passwordTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('profile.passwordNote')}
          </Typography>
          {input('currentPassword', 'current-password')}
          {input('newPassword', 'new-password')}
          {input('confirmPassword', 'new-password')}
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'start' }}>
            {translate('profile.changePassword')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
