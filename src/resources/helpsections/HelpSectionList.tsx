import {
  BooleanField,
  CreateButton,
  List,
  NumberField,
  SearchInput,
  TextField,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { canAccess } from '../../../common/sections';
import type { Role } from '../../../common/types';

const label = (field: string) => `platform.helpsections.fields.${field}`;

/** Help sections: platform admins edit them; everyone else reads the published ones. */
export default function HelpSectionList() {
  const { permissions } = usePermissions<Role>();
  const canWrite = permissions !== undefined && canAccess(permissions, 'helpsections', 'write');
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      actions={
        canWrite ? (
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        ) : (
          false
        )
      }
    >
      <RecordDatagrid rowClick={canWrite ? 'edit' : 'show'} bulkActionButtons={false}>
        <NumberField source="sortOrder" label={label('sortOrder')} />
        <TextField source="title" label={label('title')} />
        {canWrite && (
          <BooleanField source="published" label={label('published')} sortable={false} />
        )}
      </RecordDatagrid>
    </List>
  );
}
