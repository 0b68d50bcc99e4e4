import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Alert, Box, InputAdornment, Link, TextField } from '@mui/material';
import { registerAccount } from '../providers/authProvider';
import { FormSubmit } from './platform/FormSubmit';
import { CardLinks, PublicCard } from './platform/PublicCard';
import {
  EMPTY_REGISTRATION,
  registrationPayload,
  sitePreview,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationValues,
} from './platform/registrationForm';

const FIELDS: { name: keyof RegistrationValues; autoComplete: string; type?: string }[] = [
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'site', autoComplete: 'off' },
  { name: 'fullName', autoComplete: 'name' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'username', autoComplete: 'username' },
];

/**
 * Registration of a new company: its name, the sub-domain it wants (previewed live), and its
 * first administrator. The server answers true (received, the platform admin follows up) or
 * false (the site is taken).
 */
export default function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const change = (field: keyof RegistrationValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const accepted = await registerAccount(registrationPayload(values));
    setSubmitting(false);
    if (accepted) navigate('/messages/registration/received');
    else setErrors({ site: 'platform.register.siteTaken' });
  }

  const helperFor = (name: keyof RegistrationValues) => {
    if (errors[name]) return translate(errors[name]);
    if (name === 'site') {
      return translate('platform.register.sitePreview', {
        host: sitePreview(values.site, window.location.host),
      });
    }
    return ' ';
  };

  return (
    <PublicCard title={translate('platform.register.title')} maxWidth={520}>
      <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', mt: 0 }}>
        {translate('platform.register.intro')}
      </Box>
      <form onSubmit={submit} noValidate aria-label={translate('platform.register.title')}>
        {FIELDS.map(({ name, autoComplete, type }) => (
          <TextField
            key={name}
            name={name}
            type={type ?? 'text'}
            label={translate(`platform.register.${name}`)}
            autoComplete={autoComplete}
            autoFocus={name === 'companyName'}
            fullWidth
            margin="dense"
            value={values[name]}
            onChange={(event) => change(name, event.target.value)}
            error={Boolean(errors[name])}
            helperText={helperFor(name)}
            slotProps={
              name === 'site'
                ? {
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          .{window.location.host.replace(/^www\./, '')}
                        </InputAdornment>
                      ),
                    },
                  }
                : undefined
            }
          />
        ))}
        {errors.site === 'platform.register.siteTaken' && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('platform.register.siteTakenHint')}
          </Alert>
        )}
        <FormSubmit label={translate('platform.register.submit')} submitting={submitting} />
      </form>
      <CardLinks>
        <Link component={RouterLink} to="/login">
          {translate('platform.register.signIn')}
        </Link>
        <Link component={RouterLink} to="/home">
          {translate('platform.common.home')}
        </Link>
      </CardLinks>
    </PublicCard>
  );
}
