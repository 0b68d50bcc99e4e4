import { useState } from 'react';
import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Confirm,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { PLATFORM_SITE, type Account } from '../../../common/types';

/**
 * Suspend (or reactivate) the account after a confirmation: a suspended account's users cannot
 * sign in, and its sessions, API tokens and shared links stop. Not offered for the platform.
 */
export function SuspendButton() {
  const account = useRecordContext<Account>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate<Account>();
  if (!account || account.site === PLATFORM_SITE) return null;

  const suspending = account.active;
  const action = suspending ? 'suspend' : 'reactivate';
  const confirm = () =>
    update(
      'accounts',
      { id: account.id, data: { active: !suspending }, previousData: account },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(`planLimits.accounts.${suspending ? 'suspendedNotice' : 'reactivatedNotice'}`, {
            type: 'info',
          });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );

  return (
    <>
      <Button
        color={suspending ? 'warning' : 'success'}
        startIcon={suspending ? <BlockIcon /> : <PlayArrowIcon />}
        disabled={isPending}
        onClick={() => setOpen(true)}
      >
        {translate(`planLimits.accounts.${action}`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate(`planLimits.accounts.${action}Title`, { name: account.name })}
        content={translate(`planLimits.accounts.${action}Content`)}
        confirm={`planLimits.accounts.${action}`}
        confirmColor={suspending ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
