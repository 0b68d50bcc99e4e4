import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { apiUrl, httpClient } from '../../ui/api/httpClient';
import type { AnnouncementSent } from '../../../common/api/messages';

/**
 * Sends a published announcement to every active user of every active tenant (each copy in
 * that account's outbox, by SMTP when configured).
 */
export function SendAnnouncementButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record?.published) return null;

  async function send(event: MouseEvent) {
    // The row opens the drawer on click; the button only sends.
    event.stopPropagation();
    if (!window.confirm(translate('platform.outbox.sendConfirm', { title: record!.title }))) return;
    setBusy(true);
    try {
      const { json } = await httpClient(
        apiUrl(`/api/v1/messages/${encodeURIComponent(String(record!.id))}/send`),
        { method: 'POST', body: '{}' },
      );
      notify('platform.outbox.sent', {
        type: 'info',
        messageArgs: { count: (json as AnnouncementSent).recipients },
      });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button size="small" startIcon={<SendIcon />} onClick={send} disabled={busy}>
      {translate('platform.outbox.send')}
    </Button>
  );
}
