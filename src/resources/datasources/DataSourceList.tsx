import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectField,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { DataSource } from '../../model/analytics';
import { sourceTypeChoices } from './dataSourceInputs';

const F = 'analytics.datasources.fields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Where a source points, in one line: host:port/database, the file, or the warehouse. */
function ConnectionSummary({ record }: { record: DataSource }) {
  const translate = useTranslate();
  const { config } = record;
  if (record.type === 'duckdb') return <>{translate('analytics.datasources.warehouse')}</>;
  if (record.type === 'sqlite') return <>{config.file ?? ''}</>;
  const port = config.port ? `:${config.port}` : '';
  return <>{`${config.host ?? ''}${port}/${config.database ?? ''}`}</>;
}

export default function DataSourceList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label={`${F}.name`} />
        <SelectField source="type" label={`${F}.type`} choices={sourceTypeChoices} />
        <FunctionField<DataSource>
          label={`${F}.connection`}
          sortable={false}
          render={(record) => <ConnectionSummary record={record} />}
        />
      </Datagrid>
    </List>
  );
}
