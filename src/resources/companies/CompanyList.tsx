import {
  BooleanField,
  CreateButton,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { Box } from '@mui/material';
import type { CompanyProfile, Role } from '../../../common/types';

function ColourSwatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      title={colour}
      sx={{
        display: 'inline-block',
        width: 20,
        height: 20,
        borderRadius: 1,
        bgcolor: colour,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}

function CompanyListActions() {
  const { permissions } = usePermissions<Role>();
  return <TopToolbar>{permissions === 'platform-admin' && <CreateButton />}</TopToolbar>;
}

const companyFilters = [<SearchInput key="q" source="q" alwaysOn />];

/** Platform admins see every profile; an admin sees the one of their own account. */
export default function CompanyList() {
  const { permissions } = usePermissions<Role>();
  const isPlatformAdmin = permissions === 'platform-admin';
  return (
    <List
      filters={isPlatformAdmin ? companyFilters : undefined}
      actions={<CompanyListActions />}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <RecordDatagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="website" />
        {isPlatformAdmin && (
          <ReferenceField source="accountId" reference="accounts" link={false} sortable={false} />
        )}
        <FunctionField<CompanyProfile>
          source="primaryColor"
          sortable={false}
          render={(profile) => <ColourSwatch colour={profile.primaryColor} />}
        />
        <FunctionField<CompanyProfile>
          source="secondaryColor"
          sortable={false}
          render={(profile) => <ColourSwatch colour={profile.secondaryColor} />}
        />
        <BooleanField source="hasLogo" sortable={false} />
      </RecordDatagrid>
    </List>
  );
}
