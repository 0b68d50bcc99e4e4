import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Alert, Link, TextField } from '@mui/material';
import { apiUrl, httpRequest, HttpError } from '../../ui/api/httpClient';
import { FormSubmit } from '../../ui/publicPage/FormSubmit';
import { CardLinks, PublicCard } from '../../ui/publicPage/PublicCard';

/**
 * "Forgot your password?" on a site: the user name or e-mail gets a message with a link to
 * set a new password. The page says the same whether or not anyone matched.
 */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) {
      setError(translate('public.forgotPassword.required'));
      return;
    }
    setSubmitting(true);
    try {
      await httpRequest(apiUrl('/api/v1/passwordReset'), {
        method: 'POST',
        body: JSON.stringify({ username: username.trim() }),
      });
      setSent(true);
    } catch (failure) {
      const tooMany = failure instanceof HttpError && failure.status === 429;
      setError(
        translate(tooMany ? 'public.forgotPassword.tooMany' : 'public.forgotPassword.failed'),
      );
    } finally {
      setSubmitting(false);
    }
  };

  const title = translate('public.forgotPassword.title');
  return (
    <PublicCard title={title} maxWidth={460}>
      {sent ? (
        <Alert severity="success" role="status">
          {translate('public.forgotPassword.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={title}>
          <TextField
            name="username"
            label={translate('public.forgotPassword.username')}
            autoComplete="username"
            autoFocus
            fullWidth
            margin="dense"
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? translate('public.forgotPassword.hint')}
          />
          <FormSubmit label={translate('public.forgotPassword.submit')} submitting={submitting} />
        </form>
      )}
      <CardLinks>
        <Link component={RouterLink} to="/login">
          {translate('public.forgotPassword.back')}
        </Link>
      </CardLinks>
    </PublicCard>
  );
}
