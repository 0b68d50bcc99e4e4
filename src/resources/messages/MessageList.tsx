import { BooleanField, DateField, FunctionField, TextField } from 'react-admin';
import { DrawerRecordList } from '../../ui/recordDrawer/DrawerRecordList';
import { PublicAddress, publishedFilters } from '../../ui/publishedContent';
import { MessageForm } from './MessageForm';
import { SendAnnouncementButton } from './SendAnnouncementButton';
import { toMessagePayload } from './messageInputs';

const label = (field: string) => `platform.messages.fields.${field}`;

/** Messages at /messages; a message opens in a drawer (/messages?record=<id>). */
export default function MessageList() {
  return (
    <DrawerRecordList
      resource="messages"
      filters={publishedFilters(label('published'))}
      sort={{ field: 'createdAt', order: 'DESC' }}
      titleKey={{ create: 'platform.messages.createTitle', edit: 'platform.messages.editTitle' }}
      transform={toMessagePayload}
      form={<MessageForm />}
    >
      <TextField source="title" label={label('title')} />
      <FunctionField
        source="type"
        label={label('type')}
        render={(message) => (
          <PublicAddress
            published={message.published}
            to={`/messages/${message.type}/${message.id}`}
          >
            {message.type}
          </PublicAddress>
        )}
      />
      <BooleanField source="published" label={label('published')} sortable={false} />
      <DateField source="createdAt" label={label('createdAt')} showTime />
      <SendAnnouncementButton />
    </DrawerRecordList>
  );
}
