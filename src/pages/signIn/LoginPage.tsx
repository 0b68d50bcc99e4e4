import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Link, TextField } from '@mui/material';
import { SSO_ERRORS } from '../../../common/api/sso';
import { apiUrl } from '../../ui/api/httpClient';
import { fetchSignInOptions } from '../publicApi';
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

/** The message of `?ssoError=` when a single sign-on came back without a session. */
function ssoErrorKey(search: string): string | null {
  const error = new URLSearchParams(search).get('ssoError');
  if (!error) return null;
  const known = (SSO_ERRORS as readonly string[]).includes(error) ? error : 'provider';
  return `public.login.ssoErrors.${known}`;
}

/** "Sign in with <provider>": a link to the start of the account's single sign-on. */
function SsoButton({ name }: { name: string }) {
  const translate = useTranslate();
  return (
    <Button
      component="a"
      href={apiUrl('/api/v1/sso/start')}
      variant="contained"
      color="primary"
      fullWidth
      size="large"
      sx={{ mt: 2 }}
    >
      {translate('public.login.sso', { name })}
    </Button>
  );
}

/**
 * Trades the `?ssoTicket=` a single sign-on came back with for a session, once; answers
 * whether one is being traded.
 */
function useSsoTicket(onFailure: (key: string) => void): boolean {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ticket = new URLSearchParams(search).get('ssoTicket');
  const traded = useRef(false);
  useEffect(() => {
    if (!ticket || !authProvider || traded.current) return;
    traded.current = true;
    void (async () => {
      try {
        await authProvider.login({ ssoTicket: ticket });
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
        const user = getStoredUser();
        navigate(user ? afterSignInPath(user.role, '') : '/', { replace: true });
      } catch {
        navigate('/login', { replace: true });
        onFailure('public.login.ssoErrors.session');
      }
    })();
  }, [ticket, authProvider, queryClient, navigate, onFailure]);
  return Boolean(ticket);
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
  const [ssoFailure, setSsoFailure] = useState<string | null>(null);
  const options = useQuery({ queryKey: ['signInOptions'], queryFn: fetchSignInOptions });
  const tradingTicket = useSsoTicket(setSsoFailure);

  const signedIn = getStoredUser();
  if (signedIn?.active && !submitting && !tradingTicket) {
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

  const ssoError = ssoFailure ?? ssoErrorKey(search);
  const sso = options.data?.sso ?? null;
  // Until the options answer (or if they fail) the password form is offered, as before.
  const passwordAllowed = options.data?.password ?? true;

  const passwordForm = (
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
  );

  if (tradingTicket && !ssoFailure) {
    return (
      <PublicCard title={translate('public.login.title')} maxWidth={400}>
        <Alert severity="info" role="status">
          {translate('public.login.signingIn')}
        </Alert>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={translate('public.login.title')} maxWidth={400}>
      {ssoError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {translate(ssoError)}
        </Alert>
      )}
      {sso && <SsoButton name={sso.displayName} />}
      {sso && passwordAllowed && (
        <Divider sx={{ my: 2 }}>{translate('public.login.orPassword')}</Divider>
      )}
      {passwordAllowed && passwordForm}
      {passwordAllowed && <SignInLinks />}
    </PublicCard>
  );
}
