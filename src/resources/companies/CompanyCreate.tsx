import { DEFAULT_BRAND_COLORS } from '../../../common/brand';
import { AutocompleteInput, Create, ReferenceInput, SimpleForm } from 'react-admin';
import { CompanyFormFields } from './CompanyFormFields';
import { toProfileCreatePayload, validateAccount } from './companyInputs';

/** Platform admins give an account without one its company profile. */
export default function CompanyCreate() {
  return (
    <Create transform={toProfileCreatePayload} redirect="list">
      <SimpleForm
        noValidate
        defaultValues={{
          primaryColor: DEFAULT_BRAND_COLORS.primary,
          secondaryColor: DEFAULT_BRAND_COLORS.secondary,
        }}
      >
        <ReferenceInput source="accountId" reference="accounts">
          <AutocompleteInput optionText="name" validate={validateAccount} />
        </ReferenceInput>
        <CompanyFormFields />
      </SimpleForm>
    </Create>
  );
}
