import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ManagedUser } from '../../../common/api/users';
import type { UserStatus } from '../../../common/types';

const COLORS: Record<UserStatus, 'info' | 'success' | 'default'> = {
  invited: 'info',
  active: 'success',
  deactivated: 'default',
};

/** Where the user stands: invited (no password yet), active or deactivated. */
export function UserStatusChip(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<ManagedUser>();
  const translate = useTranslate();
  if (!record?.status) return null;
  return (
    <Chip
      size="small"
      variant={record.status === 'deactivated' ? 'outlined' : 'filled'}
      color={COLORS[record.status]}
      label={translate(`resources.users.status.${record.status}`)}
      data-testid="user-status"
    />
  );
}
