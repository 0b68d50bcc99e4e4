import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import { issuedLinkOf, type IssuedLink } from '../../ui/CopyLinkDialog';
import { PricingLinkDialog } from './PricingLinkDialog';
import { approveRegistration, rejectRegistration } from './api';

/**
 * Approve (the registrant gets a message with the pricing link, shown here too) or reject
 * with a reason (quoted in the message), while the registration's account does not exist.
 */
export function StatusButtons() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!record || record.accountId || record.status === 'completed') return null;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  const approve = () =>
    run(async () => {
      const { pricingPath, mailStatus } = await approveRegistration(record.id);
      setIssued(issuedLinkOf(pricingPath, mailStatus));
    });

  const reject = () =>
    run(async () => {
      await rejectRegistration(record.id, reason.trim());
      setRejecting(false);
      setReason('');
    });

  return (
    <>
      {record.status !== 'approved' && (
        <Button startIcon={<CheckIcon />} disabled={busy} onClick={approve}>
          {translate('platform.registrations.approve')}
        </Button>
      )}
      {record.status !== 'rejected' && (
        <Button
          startIcon={<BlockIcon />}
          color="warning"
          disabled={busy}
          onClick={() => setRejecting(true)}
        >
          {translate('platform.registrations.reject')}
        </Button>
      )}
      <PricingLinkDialog issued={issued} email={record.email} onClose={() => setIssued(null)} />
      <Dialog open={rejecting} onClose={() => setRejecting(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('platform.registrations.rejectTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('platform.registrations.fields.rejectReason')}
            helperText={translate('platform.registrations.rejectHelp')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="normal"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            onClick={reject}
            color="warning"
            variant="contained"
            disabled={busy || reason.trim() === ''}
          >
            {translate('platform.registrations.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
