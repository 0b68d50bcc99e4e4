import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  DateField,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { RecentlyDeletedOfList } from '../../ui/revisions/RecentlyDeleted';
import type { SavedChart } from '../../../common/charts';
import { ChartTypeLabel } from './ChartTypeLabel';
import { useCanEditCharts } from './useCanEditCharts';
import { TranslatedTextField } from '../../ui/translations/TranslatedTextField';

const F = 'charts.list';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Saved charts: a compact list with search; editors open the builder, viewers the chart. */
export default function AiChartList() {
  const canEdit = useCanEditCharts();
  const { permissions } = usePermissions();
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        canEdit ? (
          <TopToolbar>
            {permissions === 'admin' && <RecentlyDeletedOfList />}
            <CreateButton />
          </TopToolbar>
        ) : (
          false
        )
      }
    >
      <RecordDatagrid
        rowClick={canEdit ? 'edit' : 'show'}
        bulkActionButtons={
          canEdit ? <BulkDeleteWithConfirmButton mutationMode="pessimistic" /> : false
        }
      >
        <TranslatedTextField source="name" label={`${F}.name`} />
        {canEdit && (
          <ReferenceField
            source="datasetId"
            reference="datasets"
            label={`${F}.dataset`}
            link={false}
            sortable={false}
          >
            <TextField source="name" />
          </ReferenceField>
        )}
        <FunctionField<SavedChart>
          label={`${F}.type`}
          sortable={false}
          render={(record) => <ChartTypeLabel type={record.spec?.type} />}
        />
        <DateField source="updatedAt" label={`${F}.updatedAt`} showTime />
        {canEdit && <DeleteWithConfirmButton mutationMode="pessimistic" />}
      </RecordDatagrid>
    </List>
  );
}
