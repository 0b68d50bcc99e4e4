import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';

interface TitleDialogProps {
  /** null: closed; else the text it starts with */
  value: string | null;
  /** i18n keys of the dialog's title and of its field */
  title: string;
  label: string;
  maxLength: number;
  onClose: () => void;
  onSave: (text: string) => void;
}

/** Edit mode: a one-line text (a tab's title, a heading), required, checked at the field. */
export function TitleDialog(props: TitleDialogProps) {
  const { value, maxLength, onClose, onSave } = props;
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setText(value ?? '');
    setTouched(false);
  }, [value]);
  const empty = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!empty) onSave(text.trim());
  };
  return (
    <Dialog open={value !== null} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate(props.title)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={translate(props.label)}
            value={text}
            error={touched && empty}
            helperText={touched && empty ? translate('ra.validation.required') : ' '}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
            slotProps={{ htmlInput: { maxLength, dir: 'auto' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {translate('dashboards.text.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
