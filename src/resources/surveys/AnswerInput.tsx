import {
  CheckboxGroupInput,
  DateInput,
  NumberInput,
  RadioButtonGroupInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import {
  RATING_MAX,
  RATING_MIN,
  answerProblem,
  type SurveyQuestion,
} from '../../../common/surveys';

// The input fitting a question's type, validated at the field by the rule the server applies.

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => ({
  id: RATING_MIN + i,
  name: String(RATING_MIN + i),
}));

// Radio buttons hand back their value as text.
const toRating = (value: unknown) => (value === '' || value == null ? null : Number(value));

export function AnswerInput({ question }: { question: SurveyQuestion }) {
  const translate = useTranslate();
  const validate = (value: unknown) => {
    const problem = answerProblem(question, value === '' ? null : value);
    return problem ? translate('surveys.answer.problem', { problem }) : undefined;
  };
  const common = {
    source: `answers.${question.id}`,
    label: `${question.text}${question.required ? ' *' : ''}`,
    validate,
  };
  const choices = (question.choices ?? []).map((choice) => ({ id: choice, name: choice }));
  switch (question.type) {
    case 'short_text':
      return <TextInput {...common} fullWidth />;
    case 'long_text':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'number':
      return <NumberInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'single_choice':
      return <RadioButtonGroupInput {...common} choices={choices} row={false} />;
    case 'multiple_choice':
      return <CheckboxGroupInput {...common} choices={choices} row={false} />;
    case 'rating':
      return <RadioButtonGroupInput {...common} choices={RATINGS} parse={toRating} />;
  }
}
