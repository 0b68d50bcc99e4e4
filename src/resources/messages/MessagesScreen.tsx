import { useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { Box, Tab, Tabs } from '@mui/material';
import AccountMessageList from './AccountMessageList';
import MessageList from './MessageList';

/**
 * /messages: every user reads their account's messages; platform admins also write the
 * announcements (and the public message pages) on a second tab.
 */
export default function MessagesScreen() {
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const [tab, setTab] = useState<'outbox' | 'announcements'>('outbox');
  if (permissions !== 'platform-admin') return <AccountMessageList />;
  return (
    <Box>
      <Tabs value={tab} onChange={(_event, value) => setTab(value)}>
        <Tab value="outbox" label={translate('platform.outbox.title')} />
        <Tab value="announcements" label={translate('platform.outbox.announcements')} />
      </Tabs>
      {tab === 'outbox' ? <AccountMessageList /> : <MessageList />}
    </Box>
  );
}
