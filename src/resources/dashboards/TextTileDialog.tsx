import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';

interface TextTileDialogProps {
  /** null: closed; '' for a new tile, else the tile's markdown */
  markdown: string | null;
  onClose: () => void;
  onSave: (markdown: string) => void;
}

/** Edit mode: write or change a markdown tile. */
export function TextTileDialog({ markdown, onClose, onSave }: TextTileDialogProps) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  useEffect(() => setText(markdown ?? ''), [markdown]);
  return (
    <Dialog open={markdown !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('dashboards.text.title')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          multiline
          minRows={6}
          margin="dense"
          label={translate('dashboards.text.markdown')}
          helperText={translate('dashboards.text.help')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 20000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={text.trim() === ''} onClick={() => onSave(text)}>
          {translate('dashboards.text.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
