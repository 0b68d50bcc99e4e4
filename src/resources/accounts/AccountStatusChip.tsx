import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Account } from '../../../common/types';

/** Active or suspended; suspending and reactivating are the toolbar's explicit actions. */
export function AccountStatusChip() {
  const account = useRecordContext<Account>();
  const translate = useTranslate();
  if (!account) return null;
  return (
    <Chip
      size="small"
      color={account.active ? 'success' : 'warning'}
      label={translate(`planLimits.accounts.${account.active ? 'active' : 'suspended'}`)}
    />
  );
}
