import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useRecordDrawer } from '../../routing/sharedPrefixes';
import { RecordDrawer } from '../pricing/RecordDrawer';
import { InfoForm } from './InfoForm';
import { toInfoPayload } from './infoInputs';

const label = (field: string) => `platform.info.fields.${field}`;

function InfoActions() {
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

/** Information pages at /info; a page opens in a drawer (/info?record=<id>). */
export default function InfoList() {
  const translate = useTranslate();
  const { openRecord } = useRecordDrawer();
  return (
    <>
      <List
        resource="info"
        filters={[
          <SearchInput key="q" source="q" alwaysOn />,
          <NullableBooleanInput key="published" source="published" label={label('published')} />,
        ]}
        sort={{ field: 'title', order: 'ASC' }}
        actions={<InfoActions />}
      >
        <Datagrid
          rowClick={(id) => {
            openRecord(id);
            return false;
          }}
          bulkActionButtons={false}
        >
          <TextField source="title" label={label('title')} />
          <FunctionField
            source="slug"
            label={label('slug')}
            render={(page) =>
              page.published ? (
                <Link
                  component={RouterLink}
                  to={`/info/${page.slug}`}
                  onClick={(event) => event.stopPropagation()}
                  title={translate('platform.info.open')}
                >
                  /info/{page.slug}
                </Link>
              ) : (
                `/info/${page.slug}`
              )
            }
          />
          <BooleanField source="published" label={label('published')} sortable={false} />
          <DateField source="updatedAt" label={label('updatedAt')} showTime />
        </Datagrid>
      </List>
      <RecordDrawer
        resource="info"
        titleKey={{ create: 'platform.info.createTitle', edit: 'platform.info.editTitle' }}
        transform={toInfoPayload}
      >
        <InfoForm />
      </RecordDrawer>
    </>
  );
}
