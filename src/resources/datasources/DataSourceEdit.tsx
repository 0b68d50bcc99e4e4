import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { DataSourceFormFields } from './DataSourceFormFields';
import { DataSourceTools } from './DataSourceTools';
import { toDataSourcePayload } from './dataSourceInputs';

function DataSourceEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export default function DataSourceEdit() {
  return (
    <Edit transform={toDataSourcePayload} mutationMode="pessimistic" redirect={false}>
      <SimpleForm noValidate toolbar={<DataSourceEditToolbar />}>
        <DataSourceFormFields isNew={false} />
      </SimpleForm>
      <DataSourceTools />
    </Edit>
  );
}
