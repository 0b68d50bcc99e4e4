import { BooleanInput, Create, SimpleForm, TextInput } from 'react-admin';
import { toAccountCreatePayload, validateName, validatePlan, validateSite } from './accountInputs';

export default function AccountCreate() {
  return (
    <Create transform={toAccountCreatePayload} redirect="list">
      <SimpleForm noValidate defaultValues={{ active: true }}>
        <TextInput
          source="site"
          validate={validateSite}
          helperText="resources.accounts.helpers.site"
        />
        <TextInput source="name" validate={validateName} />
        <TextInput source="plan" validate={validatePlan} />
        <BooleanInput source="active" />
      </SimpleForm>
    </Create>
  );
}
