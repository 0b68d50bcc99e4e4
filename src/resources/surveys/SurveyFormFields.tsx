import { Alert } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import {
  QUESTION_TYPES,
  isChoiceQuestion,
  type QuestionType,
  type Survey,
} from '../../../common/surveys';

// The survey form: name, description, whether users may answer more than once, and the
// ordered questions (type, text, required, and the choices of choice questions, one per line).

const choicesToText = (choices: unknown) => (Array.isArray(choices) ? choices.join('\n') : '');
const textToChoices = (text: string) => (text ?? '').split('\n');

export function SurveyFormFields() {
  const record = useRecordContext<Survey>();
  const translate = useTranslate();
  const locked = record !== undefined && record.status !== 'draft';
  const types = QUESTION_TYPES.map((id) => ({ id, name: translate(`surveys.types.${id}`) }));
  return (
    <>
      <TextInput source="name" label="surveys.fields.name" validate={required()} fullWidth />
      <TextInput source="description" label="surveys.fields.description" multiline fullWidth />
      <BooleanInput source="allowMultiple" label="surveys.fields.allowMultiple" />
      {locked && <Alert severity="info">{translate('surveys.form.locked')}</Alert>}
      <ArrayInput source="questions" label="surveys.fields.questions">
        <SimpleFormIterator
          inline={false}
          disableClear
          disableAdd={locked}
          disableRemove={locked}
          disableReordering={locked}
        >
          <SelectInput
            source="type"
            label="surveys.fields.type"
            choices={types}
            defaultValue="short_text"
            validate={required()}
            readOnly={locked}
          />
          <TextInput
            source="text"
            label="surveys.fields.text"
            validate={required()}
            readOnly={locked}
            fullWidth
          />
          <BooleanInput source="required" label="surveys.fields.required" readOnly={locked} />
          <FormDataConsumer>
            {({ scopedFormData }) =>
              scopedFormData?.type && isChoiceQuestion(scopedFormData.type as QuestionType) ? (
                <TextInput
                  source="choices"
                  label="surveys.fields.choices"
                  helperText="surveys.form.choicesHelp"
                  format={choicesToText}
                  parse={textToChoices}
                  multiline
                  minRows={3}
                  readOnly={locked}
                  fullWidth
                />
              ) : null
            }
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** What create and update send: the server sets status, dataset and timestamps itself. */
export function toSurveyPayload(data: Partial<Survey>) {
  return {
    name: data.name,
    description: data.description ?? '',
    allowMultiple: Boolean(data.allowMultiple),
    questions: (data.questions ?? []).map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      type: question.type,
      text: question.text,
      required: Boolean(question.required),
      ...(isChoiceQuestion(question.type) ? { choices: question.choices ?? [] } : {}),
    })),
  };
}
