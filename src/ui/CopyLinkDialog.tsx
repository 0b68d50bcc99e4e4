import { useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { MailStatus } from '../../common/api/messages';
import { useCopyText } from './useCopyText';
import { WholeLinkField } from './WholeLinkField';

interface CopyLinkTexts {
  /** Translation keys of the dialog's title, its note on the link and the field label. */
  title: string;
  help: string;
  label: string;
}

/** A one-time link just made, and what became of the e-mail carrying it. */
export interface IssuedLink {
  link: string;
  mailStatus: MailStatus;
}

/** The absolute link of an answered path, on the site the admin is on. */
export function issuedLinkOf(path: string, mailStatus: MailStatus): IssuedLink {
  return { link: `${window.location.origin}${path}`, mailStatus };
}

/**
 * A one-time link shown once to be copied (an invitation's create-password link, a
 * registration's pricing link): the server keeps only its hash. It says truthfully whether an
 * e-mail went: without SMTP, or when sending failed, the admin passes the link on by hand.
 * Open while `issued` is not null.
 */
export function CopyLinkDialog({
  issued,
  email,
  texts,
  onClose,
}: {
  issued: IssuedLink | null;
  email: string;
  texts: CopyLinkTexts;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const copyText = useCopyText();
  const mailStatus = issued?.mailStatus ?? 'stored';

  return (
    <Dialog open={issued !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(texts.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(`platform.common.linkMail.${mailStatus}`, { email })} {translate(texts.help)}
        </DialogContentText>
        <WholeLinkField label={translate(texts.label)} link={issued?.link ?? ''} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => copyText(issued?.link)} variant="contained">
          {translate('platform.common.copy')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
