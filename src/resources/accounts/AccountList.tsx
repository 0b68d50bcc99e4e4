import {
  BulkDeleteWithConfirmButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  TextField,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { AccountStatusChip } from './AccountStatusChip';

const accountFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" />,
];

export default function AccountList() {
  return (
    <List filters={accountFilters} sort={{ field: 'site', order: 'ASC' }}>
      <RecordDatagrid
        rowClick="edit"
        bulkActionButtons={<BulkDeleteWithConfirmButton mutationMode="pessimistic" />}
      >
        <TextField source="site" />
        <TextField source="name" />
        <TextField source="plan" />
        <FunctionField
          source="active"
          label="planLimits.accounts.status"
          render={() => <AccountStatusChip />}
        />
      </RecordDatagrid>
    </List>
  );
}
