import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  EmailField,
  ExportButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { ROLES } from '../../../common/types';
import { UserStatusChip } from './UserStatusChip';

const roleChoices = ROLES.map((role) => ({ id: role, name: `resources.users.roles.${role}` }));

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <NullableBooleanInput key="active" source="active" />,
];

function UserListActions() {
  return (
    <TopToolbar>
      <CreateButton />
      <ExportButton />
    </TopToolbar>
  );
}

export default function UserList() {
  return (
    <List
      filters={userFilters}
      sort={{ field: 'username', order: 'ASC' }}
      actions={<UserListActions />}
    >
      <RecordDatagrid
        rowClick="edit"
        bulkActionButtons={<BulkDeleteWithConfirmButton mutationMode="pessimistic" />}
      >
        <TextField source="username" />
        <TextField source="fullName" />
        <EmailField source="email" />
        <SelectField source="role" choices={roleChoices} />
        <UserStatusChip label="resources.users.fields.status" sortBy="active" />
      </RecordDatagrid>
    </List>
  );
}
