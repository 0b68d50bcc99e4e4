import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Alert, Box, InputAdornment, Link, TextField } from '@mui/material';
import { FormSubmit } from '../../ui/publicPage/FormSubmit';
import { CardLinks, PublicCard } from '../../ui/publicPage/PublicCard';
import {
  EMPTY_REGISTRATION,
  registrationPayload,
  sitePreview,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationValues,
} from './registrationForm';
import { sendRegistration } from './registrationRequest';

const FIELDS: { name: keyof RegistrationValues; autoComplete: string; type?: string }[] = [
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'site', autoComplete: 'off' },
  { name: 'fullName', autoComplete: 'name' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'username', autoComplete: 'username' },
];

/**
 * Registration of a new company: its name, the sub-domain it wants (previewed live), and its
 * first administrator. The server answers true (received: the visitor goes to the
 * registration-received page) or refuses with a 400 naming the field, shown at that field.
 */
export default function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

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
    setFailed(false);
    const answer = await sendRegistration(registrationPayload(values));
    setSubmitting(false);
    if (answer.accepted) navigate(answer.messagePath);
    else if (answer.field) {
      setErrors({ [answer.field]: answer.message || 'platform.register.siteTaken' });
    } else setFailed(true);
  }

  const helperFor = (name: keyof RegistrationValues) => {
    // Client-side errors are i18n keys; the server's refusals arrive as sentences.
    if (errors[name]) return translate(errors[name], { _: errors[name] });
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
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('platform.register.failed')}
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
