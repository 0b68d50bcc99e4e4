import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { apiUrl, httpClient } from '../../providers/httpClient';

/**
 * Makes a fresh pricing link for the registration (the server keeps only its hash, so an
 * earlier link stops working) and shows it once, to be copied and sent to the registrant.
 */
export function SendPricingLinkButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status === 'rejected' || record.accountId) return null;

  async function send() {
    setBusy(true);
    try {
      const { json } = await httpClient(
        apiUrl(`/api/v1/registrations/${encodeURIComponent(String(record!.id))}/pricingLink`),
        { method: 'POST', body: '{}' },
      );
      setLink(`${window.location.origin}${(json as { pricingPath: string }).pricingPath}`);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'platform.registrations.linkFailed', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify('platform.common.copied', { type: 'info' });
    } catch {
      notify('platform.common.copyFailed', { type: 'warning' });
    }
  }

  return (
    <>
      <Button startIcon={<LinkIcon />} onClick={send} disabled={busy}>
        {translate('platform.registrations.sendPricingLink')}
      </Button>
      <Dialog open={link !== null} onClose={() => setLink(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('platform.registrations.pricingLinkTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('platform.registrations.pricingLinkHelp', { email: record.email })}
          </DialogContentText>
          <TextField
            value={link ?? ''}
            fullWidth
            margin="normal"
            label={translate('platform.registrations.pricingLink')}
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={copy}>{translate('platform.common.copy')}</Button>
          <Button onClick={() => setLink(null)} variant="contained">
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
