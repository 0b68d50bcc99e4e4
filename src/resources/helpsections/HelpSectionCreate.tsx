import { Create } from 'react-admin';
import { HelpSectionForm } from './HelpSectionForm';
import { toHelpSectionPayload } from './helpSectionInputs';

export default function HelpSectionCreate() {
  return (
    <Create transform={toHelpSectionPayload} redirect="list">
      <HelpSectionForm />
    </Create>
  );
}
