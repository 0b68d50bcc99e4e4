import {
  BooleanField,
  DateField,
  DeleteWithConfirmButton,
  EmailField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { SendPricingLinkButton } from './SendPricingLinkButton';
import { StatusButtons } from './StatusButtons';
import { statusChoices } from './registrationStatus';

const label = (field: string) => `platform.registrations.fields.${field}`;

function RegistrationActions() {
  return (
    <TopToolbar>
      <StatusButtons />
      <SendPricingLinkButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

export default function RegistrationShow() {
  return (
    <Show actions={<RegistrationActions />}>
      <SimpleShowLayout>
        <TextField source="companyName" label={label('companyName')} />
        <TextField source="site" label={label('site')} />
        <TextField source="fullName" label={label('fullName')} />
        <EmailField source="email" label={label('email')} />
        <TextField source="username" label={label('username')} />
        <SelectField source="status" label={label('status')} choices={statusChoices} />
        <TextField source="rejectReason" label={label('rejectReason')} emptyText="—" />
        <BooleanField source="pricingLinkSent" label={label('pricingLinkSent')} />
        <NumberField source="accountId" label={label('accountId')} emptyText="—" />
        <DateField source="createdAt" label={label('createdAt')} showTime />
      </SimpleShowLayout>
    </Show>
  );
}
