import {
  CreateButton,
  DateField,
  FunctionField,
  TopToolbar,
  Empty,
  usePermissions,
} from 'react-admin';
import { NamedRecordList } from '../../ui/NamedRecordList';
import { Navigate, useLocation } from 'react-router-dom';
import type { Dashboard } from '../../../common/charts';
import { canAccess } from '../../../common/sections';
import { LANDING_PARAM } from '../../ui/navigation/paths';
import { RecentlyDeleted } from '../../ui/revisions/RecentlyDeleted';

const F = 'dashboards.fields';

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
    <NamedRecordList
      fields={F}
      actions={
        <TopToolbar>
          {permissions === 'admin' && <RecentlyDeleted />}
          {canWrite && <CreateButton />}
        </TopToolbar>
      }
      empty={<NoDashboards canWrite={canWrite} />}
    >
      <FunctionField<Dashboard>
        label={`${F}.tiles`}
        sortable={false}
        render={(record) => record.tiles?.length ?? 0}
      />
      <DateField source="updatedAt" label={`${F}.updatedAt`} showTime />
    </NamedRecordList>
  );
}
