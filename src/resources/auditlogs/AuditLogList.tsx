import { DateField, List, SearchInput, TextField, TextInput } from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { auditField } from './auditFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="resource" source="resource" label={auditField('resource')} />,
  <TextInput key="action" source="action" label={auditField('action')} />,
  <TextInput key="username" source="username" label={auditField('username')} />,
];

/** Who changed what, when and from where; newest first. */
export default function AuditLogList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      <RecordDatagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="at" label={auditField('at')} showTime />
        <TextField source="username" label={auditField('username')} />
        <TextField source="site" label={auditField('site')} sortable={false} />
        <TextField source="action" label={auditField('action')} />
        <TextField source="resource" label={auditField('resource')} />
        <TextField
          source="recordId"
          label={auditField('recordId')}
          sortable={false}
          emptyText="—"
        />
        <TextField source="ip" label={auditField('ip')} sortable={false} />
      </RecordDatagrid>
    </List>
  );
}
