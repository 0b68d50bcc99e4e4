import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  useTranslate,
} from 'react-admin';
import { SECTIONS } from '../../../common/sections';
import { MarkdownFields } from '../../ui/markdown/MarkdownFields';
import { DOCUMENT_FIELDS, TranslationsInput } from '../../ui/translations/TranslationsInput';

const LABELS = 'platform.helpsections.fields';

export function HelpSectionForm() {
  const translate = useTranslate();
  const sectionChoices = SECTIONS.map((section) => ({
    id: section,
    name: translate(`resources.${section}.name`, { smart_count: 2 }),
  }));
  return (
    <SimpleForm
      defaultValues={{ sortOrder: 0, published: false, body: '', group: '', sections: [] }}
    >
      <MarkdownFields labels={LABELS} minRows={6} />
      <TranslationsInput fields={DOCUMENT_FIELDS} />
      <TextInput source="group" label={`${LABELS}.group`} validate={maxLength(80)} />
      <AutocompleteArrayInput
        source="sections"
        label={`${LABELS}.sections`}
        choices={sectionChoices}
      />
      <NumberInput source="sortOrder" label={`${LABELS}.sortOrder`} validate={minValue(0)} />
      <BooleanInput source="published" label={`${LABELS}.published`} />
    </SimpleForm>
  );
}
