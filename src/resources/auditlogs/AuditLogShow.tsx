import { DateField, FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { auditField } from './auditFields';

/** One audit entry with its detail: the call and the fields sent (secrets redacted). */
export default function AuditLogShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="at" label={auditField('at')} showTime />
        <TextField source="username" label={auditField('username')} />
        <TextField source="site" label={auditField('site')} />
        <TextField source="action" label={auditField('action')} />
        <TextField source="resource" label={auditField('resource')} />
        <TextField source="recordId" label={auditField('recordId')} emptyText="—" />
        <TextField source="ip" label={auditField('ip')} />
        <FunctionField
          label={auditField('detail')}
          render={(entry) => (
            <pre data-testid="audit-detail" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(entry.detail, null, 2)}
            </pre>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
