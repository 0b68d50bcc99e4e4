import { useNotify, useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';

/**
 * The create-password link of a new invitation, shown once to be copied: the server keeps
 * only its hash, and without SMTP the admin passes it on by hand.
 */
export function InvitationLinkDialog({
  link,
  email,
  onClose,
}: {
  link: string | null;
  email: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();

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
    <Dialog open={link !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('resources.users.invitationLinkTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('resources.users.invitationLinkHelp', { email })}
        </DialogContentText>
        <TextField
          value={link ?? ''}
          fullWidth
          margin="normal"
          label={translate('resources.users.invitationLink')}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{translate('platform.common.copy')}</Button>
        <Button onClick={onClose} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
