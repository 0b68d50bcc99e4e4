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
import { MessageForm } from './MessageForm';
import { toMessagePayload } from './messageInputs';

const label = (field: string) => `platform.messages.fields.${field}`;

function MessageActions() {
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

/** Messages at /messages; a message opens in a drawer (/messages?record=<id>). */
export default function MessageList() {
  const { openRecord } = useRecordDrawer();
  return (
    <>
      <List
        resource="messages"
        filters={[
          <SearchInput key="q" source="q" alwaysOn />,
          <NullableBooleanInput key="published" source="published" label={label('published')} />,
        ]}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={<MessageActions />}
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
            source="type"
            label={label('type')}
            render={(message) =>
              message.published ? (
                <Link
                  component={RouterLink}
                  to={`/messages/${message.type}/${message.id}`}
                  onClick={(event) => event.stopPropagation()}
                >
                  {message.type}
                </Link>
              ) : (
                message.type
              )
            }
          />
          <BooleanField source="published" label={label('published')} sortable={false} />
          <DateField source="createdAt" label={label('createdAt')} showTime />
        </Datagrid>
      </List>
      <RecordDrawer
        resource="messages"
        titleKey={{ create: 'platform.messages.createTitle', edit: 'platform.messages.editTitle' }}
        transform={toMessagePayload}
      >
        <MessageForm />
      </RecordDrawer>
    </>
  );
}
