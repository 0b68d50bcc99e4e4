import { BooleanInput, SimpleForm, TextInput, maxLength, regex, required } from 'react-admin';
import { MarkdownPreview } from '../info/MarkdownPreview';
import { MESSAGE_TYPE_PATTERN } from './messageInputs';

const label = (field: string) => `platform.messages.fields.${field}`;

export function MessageForm() {
  return (
    <SimpleForm defaultValues={{ type: 'announcement', published: false, body: '' }}>
      <TextInput
        source="type"
        label={label('type')}
        helperText="platform.messages.helpers.type"
        validate={[
          required(),
          maxLength(60),
          regex(MESSAGE_TYPE_PATTERN, 'platform.messages.validation.type'),
        ]}
      />
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
      <BooleanInput source="published" label={label('published')} />
    </SimpleForm>
  );
}
