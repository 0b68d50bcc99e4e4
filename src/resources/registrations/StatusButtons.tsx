import { useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { Button } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';

/** Accept or reject a registration whose account does not exist yet. */
export function StatusButtons() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  if (!record || record.accountId) return null;

  const setStatus = (status: 'accepted' | 'rejected') =>
    update(
      'registrations',
      { id: record.id, data: { status }, previousData: record },
      { mutationMode: 'pessimistic' },
    );

  return (
    <>
      {record.status !== 'accepted' && (
        <Button
          startIcon={<CheckIcon />}
          disabled={isPending}
          onClick={() => setStatus('accepted')}
        >
          {translate('platform.registrations.accept')}
        </Button>
      )}
      {record.status !== 'rejected' && (
        <Button
          startIcon={<BlockIcon />}
          color="warning"
          disabled={isPending}
          onClick={() => setStatus('rejected')}
        >
          {translate('platform.registrations.reject')}
        </Button>
      )}
    </>
  );
}
