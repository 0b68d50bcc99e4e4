import { PublishedContentList } from '../../ui/publishedContent';
import { MessageForm } from './MessageForm';
import { SendAnnouncementButton } from './SendAnnouncementButton';
import { toMessagePayload } from './messageInputs';

/** Messages at /messages; a message opens in a drawer (/messages?record=<id>). */
export default function MessageList() {
  return (
    <PublishedContentList
      resource="messages"
      messages="platform.messages"
      sort={{ field: 'createdAt', order: 'DESC' }}
      transform={toMessagePayload}
      form={<MessageForm />}
      address={{
        source: 'type',
        path: (message) => `/messages/${String(message.type)}/${message.id}`,
        text: (message) => String(message.type),
      }}
      dateSource="createdAt"
    >
      <SendAnnouncementButton />
    </PublishedContentList>
  );
}
