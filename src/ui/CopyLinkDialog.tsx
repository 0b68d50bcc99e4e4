import { useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useCopyText } from './useCopyText';

interface CopyLinkTexts {
  /** Translation keys of the dialog's title, its help (given `email`) and the field label. */
  title: string;
  help: string;
  label: string;
}

/**
 * A one-time link shown once to be copied (an invitation's create-password link, a
 * registration's pricing link): the server keeps only its hash, and without SMTP the admin
 * passes it on by hand. Open while `link` is not null.
 */
export function CopyLinkDialog({
  link,
  email,
  texts,
  onClose,
}: {
  link: string | null;
  email: string;
  texts: CopyLinkTexts;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const copyText = useCopyText();

  return (
    <Dialog open={link !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(texts.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(texts.help, { email })}</DialogContentText>
        <TextField
          value={link ?? ''}
          fullWidth
          margin="normal"
          label={translate(texts.label)}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => copyText(link)}>{translate('platform.common.copy')}</Button>
        <Button onClick={onClose} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
