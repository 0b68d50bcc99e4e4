import {
  BooleanInput,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  required,
} from 'react-admin';
import { MarkdownPreview } from '../info/MarkdownPreview';

const label = (field: string) => `platform.helpsections.fields.${field}`;

export function HelpSectionForm() {
  return (
    <SimpleForm defaultValues={{ sortOrder: 0, published: false, body: '' }}>
      <TextInput source="title" label={label('title')} validate={[required(), maxLength(200)]} />
      <TextInput
        source="body"
        label={label('body')}
        helperText="platform.common.markdownHelp"
        multiline
        minRows={6}
        validate={maxLength(100_000)}
      />
      <MarkdownPreview />
      <NumberInput source="sortOrder" label={label('sortOrder')} validate={minValue(0)} />
      <BooleanInput source="published" label={label('published')} />
    </SimpleForm>
  );
}
