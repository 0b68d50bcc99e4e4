import { BooleanInput, SimpleForm, TextInput, maxLength, regex, required } from 'react-admin';
import { MarkdownPreview } from './MarkdownPreview';
import { SLUG_PATTERN } from './infoInputs';

const label = (field: string) => `platform.info.fields.${field}`;

export function InfoForm() {
  return (
    <SimpleForm defaultValues={{ published: false, body: '' }}>
      <TextInput
        source="slug"
        label={label('slug')}
        helperText="platform.info.helpers.slug"
        validate={[
          required(),
          maxLength(120),
          regex(SLUG_PATTERN, 'platform.info.validation.slug'),
        ]}
      />
      <TextInput source="title" label={label('title')} validate={[required(), maxLength(200)]} />
      <TextInput
        source="body"
        label={label('body')}
        helperText="platform.common.markdownHelp"
        multiline
        minRows={8}
        validate={maxLength(100_000)}
      />
      <MarkdownPreview />
      <BooleanInput source="published" label={label('published')} />
    </SimpleForm>
  );
}
