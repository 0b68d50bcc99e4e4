import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import type { DataSource } from '../../../common/analytics';
import { isWarehouseType } from '../../../common/sourceTypes';
import { DataSourceFormFields } from './DataSourceFormFields';
import { DataSourceTools } from './DataSourceTools';
import { toDataSourcePayload } from './dataSourceInputs';

function DataSourceEditToolbar() {
  const source = useRecordContext<DataSource>();
  // The tenant's own warehouse always exists (it is recreated on demand), so it has no Delete.
  const deletable = !source || !isWarehouseType(source.type);
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && <DeleteWithConfirmButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/**
 * The payload of an update. The type is shown disabled, and react-hook-form may leave a
 * disabled input's value out of the form's data: the record's own type is sent then.
 */
function toUpdatePayload(
  data: Record<string, unknown>,
  options?: { previousData?: { type?: unknown } },
) {
  return toDataSourcePayload({ ...data, type: data.type ?? options?.previousData?.type });
}

export default function DataSourceEdit() {
  return (
    <Edit transform={toUpdatePayload} mutationMode="pessimistic" redirect={false}>
      <SimpleForm noValidate toolbar={<DataSourceEditToolbar />}>
        <DataSourceFormFields isNew={false} />
      </SimpleForm>
      <DataSourceTools />
    </Edit>
  );
}
