import {
  CreateButton,
  DateField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { canAccess } from '../../../common/sections';
import { SURVEY_STATUSES } from '../../../common/surveys';
import type { Role } from '../../../common/types';
import { SurveyStatusChip } from './SurveyStatusChip';

/** Surveys: editors see drafts too and open them to edit; everyone else opens one to answer. */
export default function SurveyList() {
  const { permissions } = usePermissions<Role>();
  const translate = useTranslate();
  const canWrite = permissions !== undefined && canAccess(permissions, 'surveys', 'write');
  const statuses = SURVEY_STATUSES.map((id) => ({ id, name: translate(`surveys.status.${id}`) }));
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
          key="status"
          source="status"
          choices={statuses}
          label="surveys.fields.status"
        />,
      ]}
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
        <TextField source="name" label="surveys.fields.name" />
        <SurveyStatusChip label="surveys.fields.status" sortable={false} />
        <DateField source="updatedAt" label="surveys.fields.updatedAt" showTime />
      </RecordDatagrid>
    </List>
  );
}
