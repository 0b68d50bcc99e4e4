import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { issuedLinkOf, type IssuedLink } from '../../ui/CopyLinkDialog';
import { PricingLinkDialog } from './PricingLinkDialog';
import { newPricingLink } from './api';

/**
 * A fresh pricing link (and message) for an approved registration whose account does not
 * exist yet; the earlier link stops working. The link is shown once, to be copied.
 */
export function SendPricingLinkButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'approved') return null;

  async function send() {
    setBusy(true);
    try {
      const { pricingPath, mailStatus } = await newPricingLink(record!.id);
      setIssued(issuedLinkOf(pricingPath, mailStatus));
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'platform.registrations.linkFailed', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button startIcon={<LinkIcon />} onClick={send} disabled={busy}>
        {translate('platform.registrations.sendPricingLink')}
      </Button>
      <PricingLinkDialog issued={issued} email={record.email} onClose={() => setIssued(null)} />
    </>
  );
}
