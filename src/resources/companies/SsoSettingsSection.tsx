import { useEffect, useState, type FormEvent } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { SSO_ROLES, type SsoOverview, type SsoRole } from '../../../common/api/sso';
import {
  checkIssuer,
  failureOf,
  fetchSso,
  isSsoRole,
  pairsText,
  parsePairs,
  rotateScimToken,
  saveSso,
} from './ssoApi';

// The account admin's single sign-on (OpenID Connect) and SCIM provisioning, under the
// company profile: fields checked where they are typed, a "Test" of the issuer's discovery
// document, and the SCIM token shown once after it is made, with copy and rotate.

interface Form {
  enabled: boolean;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  roleClaim: string;
  roleMap: string;
  defaultRole: SsoRole;
  attributeClaims: string;
  passwordSignIn: boolean;
}

type Errors = Partial<Record<keyof Form, string>>;

const P = 'resources.companies.sso';

function formOf(overview: SsoOverview): Form {
  const s = overview.settings;
  return {
    enabled: s?.enabled ?? false,
    displayName: s?.displayName ?? '',
    issuer: s?.issuer ?? '',
    clientId: s?.clientId ?? '',
    clientSecret: '',
    roleClaim: s?.roleClaim ?? 'groups',
    roleMap: pairsText(s?.roleMap ?? {}),
    defaultRole: s?.defaultRole ?? 'viewer',
    attributeClaims: pairsText(s?.attributeClaims ?? {}),
    passwordSignIn: s?.passwordSignIn ?? true,
  };
}

function validate(form: Form, hasSecret: boolean): Errors {
  const errors: Errors = {};
  if (form.displayName.trim() === '') errors.displayName = `${P}.errors.required`;
  if (!URL.canParse(form.issuer.trim())) errors.issuer = `${P}.errors.issuer`;
  if (form.clientId.trim() === '') errors.clientId = `${P}.errors.required`;
  if (!hasSecret && form.clientSecret === '') errors.clientSecret = `${P}.errors.required`;
  if (form.roleClaim.trim() === '') errors.roleClaim = `${P}.errors.required`;
  const roles = parsePairs(form.roleMap);
  if (roles.badLine || !Object.values(roles.pairs).every(isSsoRole)) {
    errors.roleMap = `${P}.errors.roleMap`;
  }
  if (parsePairs(form.attributeClaims).badLine) errors.attributeClaims = `${P}.errors.pairs`;
  return errors;
}

function ScimToken({ overview }: { overview: SsoOverview }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: rotateScimToken,
    onSuccess: (made) => {
      setToken(made);
      void queryClient.invalidateQueries({ queryKey: ['sso'] });
    },
  });
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3">
        {translate(`${P}.scimTitle`)}
      </Typography>
      <TextField
        label={translate(`${P}.scimBaseUrl`)}
        value={overview.scimBaseUrl}
        slotProps={{ input: { readOnly: true } }}
        fullWidth
      />
      {token && (
        <Alert severity="warning" role="status">
          {translate(`${P}.scimShownOnce`)}
          <Box component="code" sx={{ display: 'block', wordBreak: 'break-all', my: 1 }}>
            {token}
          </Box>
          <Button size="small" onClick={() => void navigator.clipboard?.writeText(token)}>
            {translate(`${P}.copy`)}
          </Button>
        </Alert>
      )}
      {rotate.isError && <Alert severity="error">{failureOf(rotate.error).message}</Alert>}
      <Box>
        <Button
          variant="outlined"
          disabled={rotate.isPending}
          onClick={() => (overview.hasScimToken ? setConfirming(true) : rotate.mutate())}
        >
          {translate(overview.hasScimToken ? `${P}.rotate` : `${P}.generate`)}
        </Button>
      </Box>
      <Confirm
        isOpen={confirming}
        title={translate(`${P}.rotateTitle`)}
        content={translate(`${P}.rotateContent`)}
        onConfirm={() => {
          setConfirming(false);
          rotate.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function SsoForm({ overview }: { overview: SsoOverview }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(overview));
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState<string | null>(null);
  useEffect(() => setForm(formOf(overview)), [overview]);
  const hasSecret = overview.settings?.hasClientSecret ?? false;

  const save = useMutation({
    mutationFn: () =>
      saveSso({
        enabled: form.enabled,
        displayName: form.displayName.trim(),
        issuer: form.issuer.trim(),
        clientId: form.clientId.trim(),
        ...(form.clientSecret !== '' && { clientSecret: form.clientSecret }),
        roleClaim: form.roleClaim.trim(),
        roleMap: parsePairs(form.roleMap).pairs as Record<string, SsoRole>,
        defaultRole: form.defaultRole,
        attributeClaims: parsePairs(form.attributeClaims).pairs,
        passwordSignIn: form.passwordSignIn,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['sso'], saved);
      notify(`${P}.saved`, { type: 'info' });
    },
    onError: (error) => {
      const { field } = failureOf(error);
      if (field && field in form) setErrors({ [field]: failureOf(error).message });
    },
  });
  const test = useMutation({
    mutationFn: () => checkIssuer(form.issuer.trim()),
    onSuccess: (answer) => setChecked(answer.authorizationEndpoint),
  });

  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setForm((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    };
  const text = (key: keyof Form, extra: Record<string, unknown> = {}) => ({
    label: translate(`${P}.fields.${key}`),
    value: form[key] as string,
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value as never),
    error: Boolean(errors[key]),
    helperText: errors[key]
      ? translate(errors[key]!, { _: errors[key] })
      : translate(`${P}.helpers.${key}`, { _: ' ' }),
    fullWidth: true,
    margin: 'normal' as const,
    ...extra,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(form, hasSecret);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <form onSubmit={submit} noValidate aria-label={translate(`${P}.title`)}>
      <FormControlLabel
        control={
          <Switch checked={form.enabled} onChange={(e) => set('enabled')(e.target.checked)} />
        }
        label={translate(`${P}.fields.enabled`)}
      />
      <TextField {...text('displayName')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField {...text('issuer', { inputProps: { dir: 'ltr' } })} />
        <Button
          variant="outlined"
          onClick={() => test.mutate()}
          disabled={test.isPending || !URL.canParse(form.issuer.trim())}
        >
          {test.isPending ? <CircularProgress size={20} /> : translate(`${P}.test`)}
        </Button>
      </Stack>
      {test.isSuccess && checked && (
        <Alert severity="success" role="status">
          {translate(`${P}.testOk`, { endpoint: checked })}
        </Alert>
      )}
      {test.isError && (
        <Alert severity="error" role="alert">
          {failureOf(test.error).message}
        </Alert>
      )}
      <TextField {...text('clientId', { inputProps: { dir: 'ltr' } })} />
      <TextField
        {...text('clientSecret', { type: 'password', autoComplete: 'new-password' })}
        placeholder={hasSecret ? translate(`${P}.keepSecret`) : ''}
      />
      <TextField
        label={translate(`${P}.fields.redirectUri`)}
        value={overview.redirectUri}
        slotProps={{ input: { readOnly: true } }}
        helperText={translate(`${P}.helpers.redirectUri`)}
        fullWidth
        margin="normal"
      />
      <TextField
        label={translate(`${P}.fields.postLogoutRedirectUri`)}
        value={overview.postLogoutRedirectUri}
        slotProps={{ input: { readOnly: true } }}
        helperText={translate(`${P}.helpers.postLogoutRedirectUri`)}
        fullWidth
        margin="normal"
      />
      <TextField {...text('roleClaim')} />
      <TextField {...text('roleMap', { multiline: true, minRows: 2 })} />
      <TextField
        {...text('defaultRole', { select: true })}
        onChange={(e) => set('defaultRole')(e.target.value as SsoRole)}
      >
        {SSO_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {role}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...text('attributeClaims', { multiline: true, minRows: 2 })} />
      <FormControlLabel
        control={
          <Switch
            checked={form.passwordSignIn}
            onChange={(e) => set('passwordSignIn')(e.target.checked)}
          />
        }
        label={translate(`${P}.fields.passwordSignIn`)}
      />
      {save.isError && !failureOf(save.error).field && (
        <Alert severity="error" role="alert">
          {failureOf(save.error).message}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate(`${P}.save`)}
        </Button>
      </Box>
    </form>
  );
}

/** The section, for an account's admin. */
export function SsoSettingsSection() {
  const translate = useTranslate();
  const overview = useQuery({ queryKey: ['sso'], queryFn: fetchSso });
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="sso-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="sso-title">
          {translate(`${P}.title`)}
        </Typography>
        {overview.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
        {overview.isError && (
          <Alert severity="error" role="alert">
            {failureOf(overview.error).message}
          </Alert>
        )}
        {overview.data && (
          <>
            {!overview.data.settings && (
              <Typography color="text.secondary">{translate(`${P}.empty`)}</Typography>
            )}
            <SsoForm overview={overview.data} />
            <ScimToken overview={overview.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
