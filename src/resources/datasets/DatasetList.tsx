import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  FunctionField,
  NumberField,
  ReferenceField,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { NamedRecordList } from '../../ui/NamedRecordList';
import type { Dataset } from '../../../common/analytics';
import { NoDatasets } from './NoDatasets';
import { UploadDatasetButton } from './UploadDatasetButton';

const F = 'analytics.datasets.fields';

function Origin({ record }: { record: Dataset }) {
  const translate = useTranslate();
  if (record.table) return <code>{record.table}</code>;
  const sql = (record.sql ?? '').replace(/\s+/g, ' ').trim();
  return (
    <span title={sql}>
      {translate('analytics.datasets.sqlLabel')}:{' '}
      <code>{sql.length > 60 ? `${sql.slice(0, 57)}…` : sql}</code>
    </span>
  );
}

export default function DatasetList() {
  return (
    <NamedRecordList
      fields={F}
      empty={<NoDatasets />}
      actions={
        <TopToolbar>
          <UploadDatasetButton />
          <CreateButton />
        </TopToolbar>
      }
      bulkActionButtons={<BulkDeleteWithConfirmButton mutationMode="pessimistic" />}
    >
      <ReferenceField
        source="sourceId"
        reference="datasources"
        label={`${F}.source`}
        link={false}
        sortable={false}
      >
        <TextField source="name" />
      </ReferenceField>
      <FunctionField<Dataset>
        label={`${F}.origin`}
        sortable={false}
        render={(record) => <Origin record={record} />}
      />
      <NumberField source="rowCount" label={`${F}.rowCount`} sortable={false} />
    </NamedRecordList>
  );
}
