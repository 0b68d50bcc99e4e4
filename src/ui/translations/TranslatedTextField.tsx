import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Translations } from '../../../common/contentTranslations';
import { useTranslated } from './useContentLanguage';

type TranslatableRecord = Record<string, unknown> & { translations?: Translations | null };

interface TranslatedTextFieldProps {
  /** The record's field shown (and sorted by, in a list). */
  source: string;
  /** The column's label, an i18n key (read by the list). */
  label?: string;
}

/** A record's text field in the content language, as written where it has no translation. */
export function TranslatedTextField({ source }: TranslatedTextFieldProps) {
  const record = useRecordContext<TranslatableRecord>();
  const shown = useTranslated(record);
  const text = shown?.[source];
  return (
    <Typography component="span" variant="body2">
      {typeof text === 'string' ? text : ''}
    </Typography>
  );
}
