import { BooleanInput, SimpleForm, TextInput, maxLength, regex, required } from 'react-admin';
import { MarkdownFields } from '../../ui/markdown/MarkdownFields';
import { MESSAGE_TYPE_PATTERN } from './messageInputs';

const LABELS = 'platform.messages.fields';

export function MessageForm() {
  return (
    <SimpleForm defaultValues={{ type: 'announcement', published: false, body: '' }}>
      <TextInput
        source="type"
        label={`${LABELS}.type`}
        helperText="platform.messages.helpers.type"
        validate={[
          required(),
          maxLength(60),
          regex(MESSAGE_TYPE_PATTERN, 'platform.messages.validation.type'),
        ]}
      />
      <MarkdownFields labels={LABELS} minRows={6} />
      <BooleanInput source="published" label={`${LABELS}.published`} />
    </SimpleForm>
  );
}
