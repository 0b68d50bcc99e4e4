import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { User } from '../../../common/types';
import { LANGUAGES, isLanguageCode } from '../../../common/languages';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { fieldError } from './fieldError';
import { saveLanguage } from './api';

/** The select's value for "the account's default" (the user's language is then null). */
const ACCOUNT_DEFAULT = 'account';

/** The own language, or the account's default; the app speaks it as soon as it is saved. */
export function LanguageForm({ user }: { user: User }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { profile } = useCompanyProfile();
  const [choice, setChoice] = useState<string>(user.language ?? ACCOUNT_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accountLanguage = LANGUAGES.find(({ code }) => code === profile?.language);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await saveLanguage(isLanguageCode(choice) ? choice : null);
      setChoice(saved.language ?? ACCOUNT_DEFAULT);
      notify('profile.languageSaved', { type: 'success' });
    } catch (failure) {
      setError(fieldError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="profile-language-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="profile-language-title" variant="h6">
            {translate('profile.languageTitle')}
          </Typography>
          <TextField
            select
            label={translate('profile.fields.language')}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            error={error !== null}
            helperText={error ?? translate('profile.languageNote')}
          >
            <MenuItem value={ACCOUNT_DEFAULT}>
              {accountLanguage
                ? translate('profile.accountLanguage', { language: accountLanguage.name })
                : translate('profile.accountLanguageBrowser')}
            </MenuItem>
            {LANGUAGES.map(({ code, name }) => (
              <MenuItem key={code} value={code} lang={code}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'start' }}>
            {translate('profile.saveLanguage')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
