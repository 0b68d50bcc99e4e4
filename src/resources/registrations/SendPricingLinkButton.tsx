import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
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
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'approved') return null;

  async function send() {
    setBusy(true);
    try {
      const { pricingPath } = await newPricingLink(record!.id);
      setLink(`${window.location.origin}${pricingPath}`);
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
      <PricingLinkDialog link={link} email={record.email} onClose={() => setLink(null)} />
    </>
  );
}
