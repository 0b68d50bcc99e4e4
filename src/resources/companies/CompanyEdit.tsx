import {
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRedirect,
  usePermissions,
  type RaRecord,
} from 'react-admin';
import type { Role } from '../../../common/types';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { getStoredUser } from '../../ui/session/authProvider';
import { CompanyFormFields } from './CompanyFormFields';
import { CurrentLogo } from './CurrentLogo';
import { SsoSettingsSection } from './SsoSettingsSection';
import { toProfileUpdatePayload } from './companyInputs';

/**
 * Save, and Delete for platform admins only: an account's admin cannot remove their own
 * company's profile (the server refuses it too).
 */
function CompanyEditToolbar() {
  const { permissions } = usePermissions<Role>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {permissions === 'platform-admin' && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** Saving one's own profile refreshes the brand (name, logo, colours) everywhere at once. */
export default function CompanyEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const { permissions } = usePermissions<Role>();
  const { reload } = useCompanyProfile();

  const onSuccess = (saved: RaRecord) => {
    if (saved.accountId === getStoredUser()?.accountId) reload();
    notify('resources.companies.notifications.updated', { type: 'info' });
    // Admins have one profile: they stay on it; platform admins go back to the list.
    if (permissions === 'platform-admin') redirect('list', 'companies');
  };

  return (
    <>
      <Edit
        transform={toProfileUpdatePayload}
        mutationMode="pessimistic"
        mutationOptions={{ onSuccess }}
      >
        <SimpleForm noValidate toolbar={<CompanyEditToolbar />}>
          <CurrentLogo />
          <CompanyFormFields />
        </SimpleForm>
      </Edit>
      {/* Single sign-on is the account admin's own; platform admins edit many profiles. */}
      {permissions === 'admin' && <SsoSettingsSection />}
    </>
  );
}
