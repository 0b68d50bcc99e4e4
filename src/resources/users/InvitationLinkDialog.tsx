import { CopyLinkDialog } from '../../ui/CopyLinkDialog';

const TEXTS = {
  title: 'resources.users.invitationLinkTitle',
  help: 'resources.users.invitationLinkHelp',
  label: 'resources.users.invitationLink',
};

/** The create-password link of a new invitation, shown once to be copied. */
export function InvitationLinkDialog(props: {
  link: string | null;
  email: string;
  onClose: () => void;
}) {
  return <CopyLinkDialog {...props} texts={TEXTS} />;
}
