import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { apiUrl, httpClient } from '../../providers/httpClient';
import { InvitationLinkDialog } from './InvitationLinkDialog';

/**
 * Sends an inactive user a new invitation (a message with a fresh create-password link; the
 * earlier link stops working), and shows that link once: the server keeps only its hash. The
 * server refuses users who have set a password already.
 */
export function ResendInvitationButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  if (!record || record.active) return null;

  async function resend() {
    setBusy(true);
    try {
      const { json } = await httpClient(
        apiUrl(`/api/v1/users/${encodeURIComponent(String(record!.id))}/invitation`),
        { method: 'POST', body: '{}' },
      );
      setLink(
        `${window.location.origin}${(json as { createPasswordPath: string }).createPasswordPath}`,
      );
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button startIcon={<SendIcon />} onClick={resend} disabled={busy}>
        {translate('resources.users.resendInvitation')}
      </Button>
      <InvitationLinkDialog
        link={link}
        email={String(record.email)}
        onClose={() => setLink(null)}
      />
    </>
  );
}
