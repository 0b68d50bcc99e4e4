import { Create, SimpleForm } from 'react-admin';
import { SurveyFormFields, toSurveyPayload } from './SurveyFormFields';

export default function SurveyCreate() {
  return (
    <Create transform={toSurveyPayload} redirect="edit">
      <SimpleForm defaultValues={{ questions: [], allowMultiple: false }}>
        <SurveyFormFields />
      </SimpleForm>
    </Create>
  );
}
