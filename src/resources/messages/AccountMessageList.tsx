import {
  DateField,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { Box, Link, Typography } from '@mui/material';
import { Markdown } from '../../ui/markdown/Markdown';

// The account's outbox: every message the product sent (registration, approval, invitation,
// announcements …), newest first; a row opens to show the message as it was sent.

const label = (field: string) => `platform.outbox.fields.${field}`;

const STATUSES = ['stored', 'pending', 'sent', 'failed'] as const;
const statusChoices = STATUSES.map((id) => ({ id, name: `platform.outbox.status.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={label('status')} choices={statusChoices} />,
];

/** The whole message: markdown body, its link (absolute, to copy), and a send error. */
function AccountMessageShow() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const link = record.link ? `${window.location.origin}${record.link}` : null;
  return (
    <Box sx={{ p: 2, maxWidth: 720 }} data-testid="account-message">
      <Typography variant="subtitle2" gutterBottom>
        {translate('platform.outbox.to', { recipient: record.recipient })}
      </Typography>
      <Markdown>{String(record.body ?? '')}</Markdown>
      {link && (
        <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
          {translate('platform.outbox.fields.link')}:{' '}
          <Link href={link} target="_blank" rel="noreferrer">
            {link}
          </Link>
        </Typography>
      )}
      {record.error && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {translate('platform.outbox.fields.error')}: {String(record.error)}
        </Typography>
      )}
    </Box>
  );
}

function NoMessages() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate('platform.outbox.empty')}
    </Typography>
  );
}

export default function AccountMessageList() {
  return (
    <List
      resource="accountMessages"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      disableSyncWithLocation
      exporter={false}
      actions={false}
      title="platform.outbox.title"
      empty={<NoMessages />}
    >
      <RecordDatagrid rowClick="expand" expand={<AccountMessageShow />} bulkActionButtons={false}>
        <TextField source="subject" label={label('subject')} />
        <TextField source="recipient" label={label('recipient')} />
        <TextField source="type" label={label('type')} />
        <SelectField source="status" label={label('status')} choices={statusChoices} />
        <DateField source="createdAt" label={label('createdAt')} showTime />
      </RecordDatagrid>
    </List>
  );
}
