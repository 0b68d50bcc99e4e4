import {
  BulkDeleteWithConfirmButton,
  DateField,
  EmailField,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { statusChoices } from './registrationStatus';

const label = (field: string) => `platform.registrations.fields.${field}`;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label={label('status')}
    choices={statusChoices}
    alwaysOn
  />,
];

export default function RegistrationList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <RecordDatagrid
        rowClick="show"
        bulkActionButtons={<BulkDeleteWithConfirmButton mutationMode="pessimistic" />}
      >
        <TextField source="companyName" label={label('companyName')} />
        <TextField source="site" label={label('site')} />
        <TextField source="fullName" label={label('fullName')} sortable={false} />
        <EmailField source="email" label={label('email')} sortable={false} />
        <SelectField source="status" label={label('status')} choices={statusChoices} />
        <DateField source="createdAt" label={label('createdAt')} showTime />
      </RecordDatagrid>
    </List>
  );
}
