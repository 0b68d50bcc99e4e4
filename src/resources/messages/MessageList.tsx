import { FunctionField } from 'react-admin';
import { PublicAddress, PublishedContentList } from '../../ui/publishedContent';
import { MessageForm } from './MessageForm';
import { SendAnnouncementButton } from './SendAnnouncementButton';
import { toMessagePayload } from './messageInputs';

const MESSAGES = 'platform.messages';

/** Messages at /messages; a message opens in a drawer (/messages?record=<id>). */
export default function MessageList() {
  return (
    <PublishedContentList
      resource="messages"
      messages={MESSAGES}
      sort={{ field: 'createdAt', order: 'DESC' }}
      transform={toMessagePayload}
      form={<MessageForm />}
      address={
        <FunctionField
          source="type"
          label={`${MESSAGES}.fields.type`}
          render={(message) => (
            <PublicAddress
              published={message.published}
              to={`/messages/${message.type}/${message.id}`}
            >
              {message.type}
            </PublicAddress>
          )}
        />
      }
      dateSource="createdAt"
    >
      <SendAnnouncementButton />
    </PublishedContentList>
  );
}
