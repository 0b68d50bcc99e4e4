import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Alert, TextField } from '@mui/material';
import { browserNavigation } from '../providers/browserNavigation';
import { FormSubmit } from './platform/FormSubmit';
import { PublicCard } from './platform/PublicCard';
import { validateNewPassword, type PasswordErrors } from './platform/passwordForm';
import { createPassword, failedWith, verifyAndRedirectAccount } from './platform/platformApi';

/** Why the server refused, as an i18n key. */
function refusalKey(error: unknown): string {
  if (failedWith(error, 404)) return 'platform.createPassword.invalidLink';
  if (failedWith(error, 409)) return 'platform.createPassword.alreadySet';
  return 'platform.createPassword.failed';
}

/**
 * /create-password/:id?token=<activation token>: the new account's first administrator sets
 * a password, the account is verified with the same token, and the browser goes to the
 * sign-in page of the new site.
 */
export default function CreatePasswordPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const userId = Number(id);
  const linkValid = token !== '' && Number.isSafeInteger(userId) && userId > 0;

  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirm) return;
    setSubmitting(true);
    try {
      await createPassword(userId, token, password);
      const { redirectUrl } = await verifyAndRedirectAccount(token);
      browserNavigation.assign(redirectUrl);
    } catch (error) {
      setFailure(refusalKey(error));
      setSubmitting(false);
    }
  }

  const title = translate('platform.createPassword.title');
  if (!linkValid) {
    return (
      <PublicCard title={title}>
        <Alert severity="error">{translate('platform.createPassword.invalidLink')}</Alert>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <TextField
          name="password"
          type="password"
          label={translate('platform.createPassword.password')}
          autoComplete="new-password"
          autoFocus
          fullWidth
          margin="normal"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={Boolean(errors.password)}
          helperText={translate(errors.password ?? 'platform.createPassword.hint')}
        />
        <TextField
          name="confirm"
          type="password"
          label={translate('platform.createPassword.confirm')}
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setErrors((current) => ({ ...current, confirm: undefined }));
          }}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm ? translate(errors.confirm) : ' '}
        />
        <FormSubmit
          label={translate('platform.createPassword.submit')}
          submitting={submitting}
          error={failure && translate(failure)}
        />
      </form>
    </PublicCard>
  );
}
