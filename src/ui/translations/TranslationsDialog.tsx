import { useEffect, useId, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  CONTENT_LANGUAGES,
  missingLanguages,
  type Translations,
} from '../../../common/contentTranslations';
import { useContentLanguage } from './useContentLanguage';

/** A translated field of an object: its name, its text as written, and how it is edited. */
export interface TranslatedField {
  name: 'name' | 'description' | 'title' | 'body' | 'label';
  original: string;
  multiline?: boolean;
  maxLength: number;
}

/** The fields with a text as written: only those are translated (an empty one has nothing to say). */
export function fieldsToTranslate(fields: TranslatedField[]): TranslatedField[] {
  return fields.filter((field) => field.original.trim() !== '');
}

/** The language's name in the interface's language (Intl knows them all). */
export function useLanguageName(): (code: string) => string {
  const locale = useContentLanguage();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'language' });
    } catch {
      names = undefined;
    }
    return (code: string) => names?.of(code) ?? code;
  }, [locale]);
}

/** The languages lacking a translation of one of `fields` with a text. */
export function useMissingLanguages(
  translations: Translations | undefined | null,
  fields: TranslatedField[],
): string[] {
  const names = fieldsToTranslate(fields).map((field) => field.name);
  return names.length === 0 ? [] : missingLanguages(translations, names);
}

function setText(
  translations: Translations,
  language: string,
  field: string,
  text: string,
): Translations {
  return { ...translations, [language]: { ...translations[language], [field]: text } };
}

interface TranslationsDialogProps {
  open: boolean;
  fields: TranslatedField[];
  translations: Translations | undefined | null;
  onClose: () => void;
  onApply: (translations: Translations) => void;
}

/** Edits an object's translations: per language, an input per field, missing ones marked. */
export function TranslationsDialog({
  open,
  fields,
  translations,
  onClose,
  onApply,
}: TranslationsDialogProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const languageName = useLanguageName();
  const titleId = useId();
  const [draft, setDraft] = useState<Translations>({});
  useEffect(() => {
    if (open) setDraft(translations ?? {});
  }, [open, translations]);
  const shown = fieldsToTranslate(fields);
  const missing = useMissingLanguages(draft, fields);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{translate('contentTranslations.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {translate('contentTranslations.intro')}
        </DialogContentText>
        <Typography variant="body2" role="status" sx={{ mb: 2 }}>
          {missing.length === 0
            ? translate('contentTranslations.noneMissing')
            : translate('contentTranslations.missing', {
                languages: missing.map(languageName).join(', '),
              })}
        </Typography>
        <Stack spacing={3}>
          {CONTENT_LANGUAGES.map((language) => {
            const isMissing = missing.includes(language);
            return (
              <Box component="fieldset" key={language} sx={{ border: 0, p: 0, m: 0 }}>
                <Box
                  component="legend"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, p: 0 }}
                >
                  <Typography component="span" variant="subtitle1">
                    {translate('contentTranslations.languageGroup', {
                      language: languageName(language),
                      code: language,
                    })}
                  </Typography>
                  <Chip
                    size="small"
                    color={isMissing ? 'warning' : 'success'}
                    variant="outlined"
                    label={translate(
                      isMissing
                        ? 'contentTranslations.missingChip'
                        : 'contentTranslations.completeChip',
                    )}
                  />
                </Box>
                <Stack spacing={1.5}>
                  {shown.map((field) => (
                    <TextField
                      key={field.name}
                      fullWidth
                      multiline={field.multiline}
                      minRows={field.multiline ? 3 : undefined}
                      maxRows={field.multiline ? 12 : undefined}
                      label={translate(`contentTranslations.field.${field.name}`)}
                      helperText={translate('contentTranslations.original', {
                        text:
                          field.original.length > 120
                            ? `${field.original.slice(0, 120)}…`
                            : field.original,
                      })}
                      value={draft[language]?.[field.name] ?? ''}
                      onChange={(event) =>
                        setDraft((current) =>
                          setText(current, language, field.name, event.target.value),
                        )
                      }
                      slotProps={{
                        htmlInput: {
                          dir: 'auto',
                          lang: language,
                          maxLength: field.maxLength,
                          'data-language': language,
                          'data-field': field.name,
                        },
                      }}
                    />
                  ))}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('contentTranslations.cancel')}</Button>
        <Button variant="contained" onClick={() => onApply(withoutBlanks(draft))}>
          {translate('contentTranslations.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The translations without blank texts and languages left with none (the server's rule too). */
function withoutBlanks(translations: Translations): Translations {
  const kept = Object.entries(translations).flatMap(([language, texts]) => {
    const present = Object.entries(texts).filter(([, text]) => text.trim() !== '');
    return present.length > 0 ? [[language, Object.fromEntries(present)] as const] : [];
  });
  return Object.fromEntries(kept);
}

interface TranslationsButtonProps {
  fields: TranslatedField[];
  translations: Translations | undefined | null;
  onChange: (translations: Translations) => void;
  disabled?: boolean;
}

/** "Translations (n missing)": opens the dialog; applying hands the new translations on. */
export function TranslationsButton({
  fields,
  translations,
  onChange,
  disabled,
}: TranslationsButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const missing = useMissingLanguages(translations, fields);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled} aria-haspopup="dialog">
        {missing.length > 0
          ? translate('contentTranslations.buttonMissing', { count: missing.length })
          : translate('contentTranslations.button')}
      </Button>
      <TranslationsDialog
        open={open}
        fields={fields}
        translations={translations}
        onClose={() => setOpen(false)}
        onApply={(next) => {
          onChange(next);
          setOpen(false);
        }}
      />
    </>
  );
}
