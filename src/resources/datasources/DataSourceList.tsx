import { CreateButton, FunctionField, SelectField, TopToolbar, useTranslate } from 'react-admin';
import { NamedRecordList } from '../../ui/NamedRecordList';
import type { DataSource } from '../../../common/analytics';
import { sourceTypeInfo } from '../../../common/sourceTypes';
import { sourceTypeChoices } from './dataSourceInputs';

const F = 'analytics.datasources.fields';

/** Where a source points, in one line: host:port/database, the file, or the warehouse. */
function ConnectionSummary({ record }: { record: DataSource }) {
  const translate = useTranslate();
  const { config } = record;
  const { connection } = sourceTypeInfo(record.type);
  if (connection === 'warehouse') return <>{translate('analytics.datasources.warehouse')}</>;
  if (connection === 'file') return <>{config.file ?? ''}</>;
  const port = config.port ? `:${config.port}` : '';
  return <>{`${config.host ?? ''}${port}/${config.database ?? ''}`}</>;
}

export default function DataSourceList() {
  return (
    <NamedRecordList
      fields={F}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <SelectField source="type" label={`${F}.type`} choices={sourceTypeChoices} />
      <FunctionField<DataSource>
        label={`${F}.connection`}
        sortable={false}
        render={(record) => <ConnectionSummary record={record} />}
      />
    </NamedRecordList>
  );
}
