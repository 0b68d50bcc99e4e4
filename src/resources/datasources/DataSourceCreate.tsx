import { Create, SimpleForm } from 'react-admin';
import { defaultSourcePort, type SourceType } from '../../../common/sourceTypes';
import { DataSourceFormFields } from './DataSourceFormFields';
import { toDataSourcePayload } from './dataSourceInputs';

// After saving, the edit page opens: there the connection can be tested, the schema browsed
// and files uploaded.

/** The type a new source starts as, with its default port. */
const FIRST_TYPE: SourceType = 'postgres';
const NEW_SOURCE = {
  type: FIRST_TYPE,
  config: { port: defaultSourcePort(FIRST_TYPE), ssl: false },
};
export default function DataSourceCreate() {
  return (
    <Create transform={toDataSourcePayload} redirect="edit">
      <SimpleForm noValidate defaultValues={NEW_SOURCE}>
        <DataSourceFormFields isNew />
      </SimpleForm>
    </Create>
  );
}
