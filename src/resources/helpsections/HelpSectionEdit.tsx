import { Edit } from 'react-admin';
import { HelpSectionForm } from './HelpSectionForm';
import { toHelpSectionPayload } from './helpSectionInputs';

export default function HelpSectionEdit() {
  return (
    <Edit transform={toHelpSectionPayload} mutationMode="pessimistic" redirect="list">
      <HelpSectionForm />
    </Edit>
  );
}
