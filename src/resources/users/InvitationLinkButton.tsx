import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import type { ManagedUser, UserInvitation } from '../../../common/api/users';
import { apiUrl, httpClient } from '../../ui/api/httpClient';
import { issuedLinkOf, type IssuedLink } from '../../ui/CopyLinkDialog';
import { InvitationLinkDialog } from './InvitationLinkDialog';

/**
 * For an invited user (no password yet): issues a fresh single-use create-password link (the
 * earlier one stops working; e-mailed too when the site sends e-mail) and shows it once to be
 * copied: the server keeps only its hash.
 */
export function InvitationLinkButton() {
  const record = useRecordContext<ManagedUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  if (record?.status !== 'invited') return null;

  async function issue() {
    setBusy(true);
    try {
      const { json } = await httpClient(
        apiUrl(`/api/v1/users/${encodeURIComponent(String(record!.id))}/invitation`),
        { method: 'POST', body: '{}' },
      );
      const answer = json as UserInvitation;
      setIssued(issuedLinkOf(answer.createPasswordPath, answer.mailStatus));
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
      <Button startIcon={<LinkIcon />} onClick={issue} disabled={busy}>
        {translate('resources.users.copyInvitationLink')}
      </Button>
      <InvitationLinkDialog
        issued={issued}
        email={String(record.email)}
        onClose={() => setIssued(null)}
      />
    </>
  );
}
