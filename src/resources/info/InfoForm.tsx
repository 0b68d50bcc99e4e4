import { BooleanInput, SimpleForm, TextInput, maxLength, regex, required } from 'react-admin';
import { MarkdownFields } from '../../ui/markdown/MarkdownFields';
import { SLUG_PATTERN } from './infoInputs';
import { DOCUMENT_FIELDS, TranslationsInput } from '../../ui/translations/TranslationsInput';

const LABELS = 'platform.info.fields';

export function InfoForm() {
  return (
    <SimpleForm defaultValues={{ published: false, body: '' }}>
      <TextInput
        source="slug"
        label={`${LABELS}.slug`}
        helperText="platform.info.helpers.slug"
        validate={[
          required(),
          maxLength(120),
          regex(SLUG_PATTERN, 'platform.info.validation.slug'),
        ]}
      />
      <MarkdownFields labels={LABELS} minRows={8} />
      <TranslationsInput fields={DOCUMENT_FIELDS} />
      <BooleanInput source="published" label={`${LABELS}.published`} />
    </SimpleForm>
  );
}
