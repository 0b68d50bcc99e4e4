import type { ReactElement, ReactNode } from 'react';
import { List, SearchInput, type DatagridProps } from 'react-admin';
import { RecordDatagrid } from './RecordDatagrid';
import { TranslatedTextField } from './translations/TranslatedTextField';

// The list page of records that have a name: a search box, sorted by name, each row opens the
// edit page; the name column first, then the section's own columns.

const filters = [<SearchInput key="q" source="q" alwaysOn />];

interface NamedRecordListProps {
  /** The i18n prefix of the column labels ("analytics.datasets.fields"). */
  fields: string;
  /** The toolbar above the list. */
  actions: ReactElement;
  /** What shows when there are no records at all. */
  empty?: ReactElement;
  bulkActionButtons?: DatagridProps['bulkActionButtons'];
  /** The columns after the name. */
  children: ReactNode;
}

export function NamedRecordList(props: NamedRecordListProps) {
  const { fields, actions, empty, bulkActionButtons = false, children } = props;
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} empty={empty} actions={actions}>
      <RecordDatagrid rowClick="edit" bulkActionButtons={bulkActionButtons}>
        {/* Dashboards' and charts' names may be translated; other names show as written. */}
        <TranslatedTextField source="name" label={`${fields}.name`} />
        {children}
      </RecordDatagrid>
    </List>
  );
}
