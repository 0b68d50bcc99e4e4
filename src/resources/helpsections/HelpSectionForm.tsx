import { BooleanInput, NumberInput, SimpleForm, minValue } from 'react-admin';
import { MarkdownFields } from '../shared/MarkdownFields';

const LABELS = 'platform.helpsections.fields';

export function HelpSectionForm() {
  return (
    <SimpleForm defaultValues={{ sortOrder: 0, published: false, body: '' }}>
      <MarkdownFields labels={LABELS} minRows={6} />
      <NumberInput source="sortOrder" label={`${LABELS}.sortOrder`} validate={minValue(0)} />
      <BooleanInput source="published" label={`${LABELS}.published`} />
    </SimpleForm>
  );
}
