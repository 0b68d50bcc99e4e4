import type { ReactNode } from 'react';
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

/** Translation keys of the dialog's title, its warning and the field's label. */
interface ShownOnceTexts {
  title: string;
  shownOnce: string;
  label: string;
}

const TOKEN_TEXTS: ShownOnceTexts = {
  title: 'platform.tokens.createdTitle',
  shownOnce: 'platform.tokens.shownOnce',
  label: 'platform.tokens.fields.token',
};

/**
 * Shows a token (or another secret) the server answered once; after closing it cannot be
 * seen again. `extra` goes below the field (an embedding secret's key id).
 */
export function NewTokenDialog({
  token,
  onClose,
  texts = TOKEN_TEXTS,
  extra,
}: {
  token: string | null;
  onClose: () => void;
  texts?: ShownOnceTexts;
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const copyText = useCopyText();

  return (
    <Dialog open={token !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(texts.title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(texts.shownOnce)}
        </Alert>
        <TextField
          value={token ?? ''}
          fullWidth
          label={translate(texts.label)}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-token' } }}
          onFocus={(event) => event.target.select()}
        />
        {extra}
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
