import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link, TextField } from '@mui/material';
import { getStoredUser } from '../../ui/session/authProvider';
import { afterSignInPath, HOME_PATH, REGISTER_PATH } from '../../ui/navigation/paths';
import { isRootHost } from '../../ui/session/currentSite';
import { FormSubmit } from '../../ui/publicPage/FormSubmit';
import { CardLinks, PublicCard } from '../../ui/publicPage/PublicCard';

interface Credentials {
  username: string;
  password: string;
}

type FieldErrors = Partial<Record<keyof Credentials, string>>;

function validate({ username, password }: Credentials): FieldErrors {
  const errors: FieldErrors = {};
  if (username.trim() === '') errors.username = 'public.login.usernameRequired';
  if (password === '') errors.password = 'public.login.passwordRequired';
  return errors;
}

/**
 * The links under the form. Registration and the product's home are the platform's offers:
 * only its own sign-in page (the root host) shows them; a tenant's offers the password reset.
 */
function SignInLinks() {
  const translate = useTranslate();
  const forgotten = (
    <Link component={RouterLink} to="/forgot-password">
      {translate('public.login.forgotPassword')}
    </Link>
  );
  if (!isRootHost()) return <CardLinks>{forgotten}</CardLinks>;
  return (
    <CardLinks>
      <Link component={RouterLink} to={REGISTER_PATH}>
        {translate('public.login.createAccount')}
      </Link>
      {forgotten}
      <Link component={RouterLink} to={HOME_PATH}>
        {translate('public.login.home')}
      </Link>
    </CardLinks>
  );
}

/**
 * The sign-in page: the tenant's brand, username and password, the server's refusal shown at
 * the form, and on success the page remembered in `?redirect=` (else the role's landing page).
 */
export default function LoginPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const signedIn = getStoredUser();
  if (signedIn?.active && !submitting) {
    return <Navigate to={afterSignInPath(signedIn.role, search)} replace />;
  }

  const change = (field: keyof Credentials) => (value: string) => {
    setCredentials((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validate(credentials);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0 || !authProvider) return;
    setSubmitting(true);
    try {
      await authProvider.login({
        username: credentials.username.trim(),
        password: credentials.password,
      });
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      const user = getStoredUser();
      navigate(user ? afterSignInPath(user.role, search) : '/', { replace: true });
    } catch (error) {
      setFormError(
        error instanceof Error && error.message ? error.message : translate('public.login.failed'),
      );
      setSubmitting(false);
    }
  }

  return (
    <PublicCard title={translate('public.login.title')} maxWidth={400}>
      <form onSubmit={submit} noValidate aria-label={translate('public.login.title')}>
        <TextField
          label={translate('public.login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          fullWidth
          margin="normal"
          value={credentials.username}
          onChange={(event) => change('username')(event.target.value)}
          error={Boolean(fieldErrors.username)}
          helperText={fieldErrors.username ? translate(fieldErrors.username) : ' '}
        />
        <TextField
          label={translate('public.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          value={credentials.password}
          onChange={(event) => change('password')(event.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password ? translate(fieldErrors.password) : ' '}
        />
        <FormSubmit
          label={translate('public.login.submit')}
          submitting={submitting}
          error={formError}
        />
      </form>
      <SignInLinks />
    </PublicCard>
  );
}
