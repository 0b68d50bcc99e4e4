import { useInput, useSourceContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Translations } from '../../../common/contentTranslations';
import { TranslationsButton, type TranslatedField } from './TranslationsDialog';

interface TranslationsInputProps {
  /** The form's fields translated, with how each is edited (their text is read from the form). */
  fields: Omit<TranslatedField, 'original'>[];
}

/** A form's `translations`: the Translations button over the form's current texts. */
export function TranslationsInput({ fields }: TranslationsInputProps) {
  const { field } = useInput<Translations | undefined>({ source: 'translations' });
  // Inside an array input (a dataset's fields), the texts are the item's.
  const sourceContext = useSourceContext();
  const originals = useWatch({
    name: fields.map((entry) => sourceContext.getSource(entry.name)),
  }) as unknown[];
  const withOriginals = fields.map((entry, index) => ({
    ...entry,
    original: typeof originals[index] === 'string' ? (originals[index] as string) : '',
  }));
  return (
    <TranslationsButton
      fields={withOriginals}
      translations={field.value}
      onChange={(translations) => field.onChange(translations)}
    />
  );
}

/** The translated field of a dataset field. */
export const FIELD_LABEL: TranslationsInputProps['fields'] = [{ name: 'label', maxLength: 200 }];

/** The translated fields of an information page or a help article. */
export const DOCUMENT_FIELDS: TranslationsInputProps['fields'] = [
  { name: 'title', maxLength: 200 },
  { name: 'body', maxLength: 100_000, multiline: true },
];
