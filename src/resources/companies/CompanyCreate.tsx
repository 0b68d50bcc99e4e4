import { AutocompleteInput, Create, ReferenceInput, SimpleForm } from 'react-admin';
import { CompanyFormFields } from './CompanyFormFields';
import { toProfileCreatePayload, validateAccount } from './companyInputs';

/** Platform admins give an account without one its company profile. */
export default function CompanyCreate() {
  return (
    <Create transform={toProfileCreatePayload} redirect="list">
      <SimpleForm noValidate defaultValues={{ primaryColor: '#1976d2', secondaryColor: '#9c27b0' }}>
        <ReferenceInput source="accountId" reference="accounts">
          <AutocompleteInput optionText="name" validate={validateAccount} />
        </ReferenceInput>
        <CompanyFormFields />
      </SimpleForm>
    </Create>
  );
}
