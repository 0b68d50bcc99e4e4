import { CopyLinkDialog, type IssuedLink } from '../../ui/CopyLinkDialog';

const TEXTS = {
  title: 'resources.users.invitationLinkTitle',
  help: 'resources.users.invitationLinkHelp',
  label: 'resources.users.invitationLink',
};

/** The create-password link of a new invitation, shown once to be copied. */
export function InvitationLinkDialog({
  title = TEXTS.title,
  ...props
}: {
  issued: IssuedLink | null;
  email: string;
  onClose: () => void;
  /** The title's translation key, when not a re-issued link's. */
  title?: string;
}) {
  return <CopyLinkDialog {...props} texts={{ ...TEXTS, title }} />;
}
