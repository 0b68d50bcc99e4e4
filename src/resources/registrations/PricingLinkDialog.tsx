import { CopyLinkDialog, type IssuedLink } from '../../ui/CopyLinkDialog';

const TEXTS = {
  title: 'platform.registrations.pricingLinkTitle',
  help: 'platform.registrations.pricingLinkHelp',
  label: 'platform.registrations.pricingLink',
};

/** The pricing link of an approved registration, shown once to be copied. */
export function PricingLinkDialog(props: {
  issued: IssuedLink | null;
  email: string;
  onClose: () => void;
}) {
  return <CopyLinkDialog {...props} texts={TEXTS} />;
}
