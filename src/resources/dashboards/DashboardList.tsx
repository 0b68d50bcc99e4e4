import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  Empty,
  usePermissions,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import type { Dashboard } from '../../model/charts';
import { canAccess } from '../../model/sections';
import { LANDING_PARAM } from '../../ui/navigation/paths';

const F = 'dashboards.fields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * No dashboards at all: right after sign-in (`?landing`) the user goes on to getting-started;
 * otherwise the usual empty page (with Create for editors).
 */
function NoDashboards({ canWrite }: { canWrite: boolean }) {
  const { search } = useLocation();
  if (new URLSearchParams(search).has(LANDING_PARAM)) {
    return <Navigate to="/getting-started" replace />;
  }
  return <Empty hasCreate={canWrite} />;
}

export default function DashboardList() {
  const { permissions } = usePermissions();
  const canWrite =
    typeof permissions === 'string' && canAccess(permissions as never, 'dashboards', 'write');
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<TopToolbar>{canWrite && <CreateButton />}</TopToolbar>}
      empty={<NoDashboards canWrite={canWrite} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label={`${F}.name`} />
        <FunctionField<Dashboard>
          label={`${F}.tiles`}
          sortable={false}
          render={(record) => record.tiles?.length ?? 0}
        />
        <DateField source="updatedAt" label={`${F}.updatedAt`} showTime />
      </Datagrid>
    </List>
  );
}
