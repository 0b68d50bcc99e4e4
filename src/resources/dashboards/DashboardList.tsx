import {
  CreateButton,
  DateField,
  FunctionField,
  TopToolbar,
  Empty,
  usePermissions,
} from 'react-admin';
import { Box } from '@mui/material';
import { NamedRecordList } from '../../ui/NamedRecordList';
import { Navigate, useLocation } from 'react-router-dom';
import type { Dashboard } from '../../../common/charts';
import { canAccess } from '../../../common/sections';
import { LANDING_PARAM } from '../../ui/navigation/paths';
import { RecentlyDeletedOfList } from '../../ui/revisions/RecentlyDeleted';

const F = 'dashboards.fields';

/**
 * No dashboards at all: right after sign-in (`?landing`) the user goes on to getting-started;
 * otherwise the usual empty page (with Create for editors, and for admins "Recently deleted"
 * when the last dashboards were deleted).
 */
function NoDashboards({ canWrite, isAdmin }: { canWrite: boolean; isAdmin: boolean }) {
  const { search } = useLocation();
  if (new URLSearchParams(search).has(LANDING_PARAM)) {
    return <Navigate to="/getting-started" replace />;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flex: 1 }}>
      <Empty hasCreate={canWrite} />
      {isAdmin && <RecentlyDeletedOfList />}
    </Box>
  );
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
          {permissions === 'admin' && <RecentlyDeletedOfList />}
          {canWrite && <CreateButton />}
        </TopToolbar>
      }
      empty={<NoDashboards canWrite={canWrite} isAdmin={permissions === 'admin'} />}
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
