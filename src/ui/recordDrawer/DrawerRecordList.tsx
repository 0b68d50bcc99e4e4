import type { ReactElement, ReactNode } from 'react';
import { List, TopToolbar, useTranslate, type SortPayload, type TransformData } from 'react-admin';
import { RecordDatagrid } from '../RecordDatagrid';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useRecordDrawer } from '../navigation/publicProtectedPrefixes';
import { RecordDrawer } from './RecordDrawer';

function CreateInDrawerButton() {
  const translate = useTranslate();
  const { openCreate } = useRecordDrawer();
  return (
    <TopToolbar>
      <Button startIcon={<AddIcon />} onClick={openCreate}>
        {translate('ra.action.create')}
      </Button>
    </TopToolbar>
  );
}

/**
 * The list of a shared-prefix section (pricing, info, messages): a row opens its record in
 * the drawer (?record=<id>), Create opens an empty one (?record=new).
 */
export function DrawerRecordList({
  resource,
  filters,
  sort,
  titleKey,
  transform,
  form,
  children,
}: {
  resource: string;
  filters: ReactElement[];
  sort: SortPayload;
  titleKey: { create: string; edit: string };
  transform: TransformData;
  /** The create/edit form shown in the drawer. */
  form: ReactNode;
  /** The Datagrid's fields. */
  children: ReactNode;
}) {
  const { openRecord } = useRecordDrawer();
  return (
    <>
      <List resource={resource} filters={filters} sort={sort} actions={<CreateInDrawerButton />}>
        <RecordDatagrid
          rowClick={(id) => {
            openRecord(id);
            return false;
          }}
          bulkActionButtons={false}
        >
          {children}
        </RecordDatagrid>
      </List>
      <RecordDrawer resource={resource} titleKey={titleKey} transform={transform}>
        {form}
      </RecordDrawer>
    </>
  );
}
