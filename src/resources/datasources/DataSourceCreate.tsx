import { Create, SimpleForm } from 'react-admin';
import { DataSourceFormFields } from './DataSourceFormFields';
import { toDataSourcePayload } from './dataSourceInputs';

// After saving, the edit page opens: there the connection can be tested, the schema browsed
// and files uploaded.
export default function DataSourceCreate() {
  return (
    <Create transform={toDataSourcePayload} redirect="edit">
      <SimpleForm
        noValidate
        defaultValues={{ type: 'postgres', config: { port: 5432, ssl: false } }}
      >
        <DataSourceFormFields isNew />
      </SimpleForm>
    </Create>
  );
}
