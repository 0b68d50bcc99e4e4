import { CopyLinkDialog } from '../../ui/CopyLinkDialog';

export interface IssuedInvitation {
  link: string;
  /** True when the site mailed it too (SMTP configured). */
  mailed: boolean;
}

const TEXTS = {
  title: 'resources.users.invitationLinkTitle',
  label: 'resources.users.invitationLink',
};

/** The create-password link of a new invitation, shown once to be copied. */
export function InvitationLinkDialog({
  issued,
  email,
  onClose,
}: {
  issued: IssuedInvitation | null;
  email: string;
  onClose: () => void;
}) {
  const help = issued?.mailed
    ? 'resources.users.invitationLinkHelp'
    : 'resources.users.invitationLinkHelpNoMail';
  return (
    <CopyLinkDialog
      link={issued?.link ?? null}
      email={email}
      onClose={onClose}
      texts={{ ...TEXTS, help }}
    />
  );
}
