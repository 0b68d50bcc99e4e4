import { BooleanInput, Create, SimpleForm, TextInput } from 'react-admin';
import { PlanInput } from './PlanInput';
import { toAccountCreatePayload, validateName, validateSite } from './accountInputs';

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
        <PlanInput isRequired />
        <BooleanInput source="active" />
      </SimpleForm>
    </Create>
  );
}
