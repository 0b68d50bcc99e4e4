import { usePermissions } from 'react-admin';
import { canAccess } from '../../../common/sections';
import { ROLES, type Role } from '../../../common/types';

/** Editors (and admins) write charts; everyone else only looks at them. */
export function useCanEditCharts(): boolean {
  const { permissions } = usePermissions<Role | null>();
  return (
    typeof permissions === 'string' &&
    (ROLES as readonly string[]).includes(permissions) &&
    canAccess(permissions, 'aicharts', 'write')
  );
}
