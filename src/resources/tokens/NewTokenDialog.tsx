import { useTranslate } from 'react-admin';
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
import { useCopyText } from '../../ui/useCopyText';

/** Shows a token the server answered once; after closing it cannot be seen again. */
export function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const copyText = useCopyText();

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
        <Button startIcon={<ContentCopyIcon />} onClick={() => copyText(token)}>
          {translate('platform.common.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
