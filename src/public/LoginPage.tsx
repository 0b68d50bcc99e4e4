import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Link, Paper, TextField } from '@mui/material';
import { Brand } from '../layout/Brand';
import { getStoredUser } from '../providers/authProvider';
import { afterSignInPath, HOME_PATH, REGISTER_PATH } from '../routing/paths';
import { rootHostUrl } from '../routing/currentSite';

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

/** Registration lives on the root host; a tenant's sign-in page links there. */
function RegisterLink({ label }: { label: string }) {
  const url = rootHostUrl(REGISTER_PATH);
  if (url.startsWith('/')) {
    return (
      <Link component={RouterLink} to={url}>
        {label}
      </Link>
    );
  }
  return <Link href={url}>{label}</Link>;
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
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Paper component="section" sx={{ width: '100%', maxWidth: 400, p: 4 }} elevation={3}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Brand />
        </Box>
        <Box component="h1" sx={{ typography: 'h5', textAlign: 'center', mt: 0, mb: 2 }}>
          {translate('public.login.title')}
        </Box>
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
          {formError && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {formError}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ mt: 2 }}
          >
            {translate('public.login.submit')}
          </Button>
        </form>
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', typography: 'body2' }}>
          <RegisterLink label={translate('public.login.createAccount')} />
          <Link component={RouterLink} to={HOME_PATH}>
            {translate('public.login.home')}
          </Link>
        </Box>
      </Paper>
    </Box>
  );
}
