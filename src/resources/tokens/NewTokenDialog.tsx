import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/** Shows a token the server answered once; after closing it cannot be seen again. */
export function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();

  async function copy() {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      notify('platform.common.copied', { type: 'info' });
    } catch {
      notify('platform.common.copyFailed', { type: 'warning' });
    }
  }

  return (
    <Dialog open={token !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('platform.tokens.createdTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('platform.tokens.shownOnce')}
        </Alert>
        <TextField
          value={token ?? ''}
          fullWidth
          label={translate('platform.tokens.fields.token')}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-token' } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate('platform.common.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
