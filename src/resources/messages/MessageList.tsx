import {
  BooleanField,
  DateField,
  FunctionField,
  NullableBooleanInput,
  SearchInput,
  TextField,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { DrawerRecordList } from '../shared/DrawerRecordList';
import { MessageForm } from './MessageForm';
import { toMessagePayload } from './messageInputs';

const label = (field: string) => `platform.messages.fields.${field}`;

/** Messages at /messages; a message opens in a drawer (/messages?record=<id>). */
export default function MessageList() {
  return (
    <DrawerRecordList
      resource="messages"
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <NullableBooleanInput key="published" source="published" label={label('published')} />,
      ]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      titleKey={{ create: 'platform.messages.createTitle', edit: 'platform.messages.editTitle' }}
      transform={toMessagePayload}
      form={<MessageForm />}
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
    </DrawerRecordList>
  );
}
