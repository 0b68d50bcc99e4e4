import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Box, Button } from '@mui/material';
import { LoadingCard } from '../../ui/publicPage/LoadingCard';
import { Markdown } from '../../ui/markdown/Markdown';
import { NotFoundNotice } from '../../ui/publicPage/NotFoundNotice';
import { PublicCard } from '../../ui/publicPage/PublicCard';
import { builtInMessageKey, isStoredMessageAddress } from './builtInMessages';
import { fetchMessage } from '../publicApi';

function MessageCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <PublicCard title={title} maxWidth={640}>
      {children}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
        <Button component={RouterLink} to="/" variant="outlined">
          {translate('platform.common.home')}
        </Button>
      </Box>
    </PublicCard>
  );
}

function StoredMessage({ type, id }: { type: string; id?: string }) {
  const message = useQuery({
    queryKey: ['publicMessage', type, id ?? ''],
    queryFn: async () => (isStoredMessageAddress(id) ? fetchMessage(type, id) : null),
    retry: false,
  });
  if (message.isPending) return <LoadingCard />;
  if (message.isError || message.data === null) {
    return (
      <NotFoundNotice
        titleKey="platform.message.builtIn.notFound.title"
        bodyKey="platform.message.builtIn.notFound.body"
      />
    );
  }
  return (
    <MessageCard title={message.data.title}>
      <Markdown>{message.data.body}</Markdown>
    </MessageCard>
  );
}

/**
 * /messages/:type and /messages/:type/:id: a message the app knows (registration received,
 * share link expired or revoked, account created), else a published message from the server.
 */
export default function MessagePage() {
  const translate = useTranslate();
  const { type = '', id } = useParams();
  const builtIn = builtInMessageKey(type, id);
  if (builtIn) {
    return (
      <MessageCard title={translate(`${builtIn}.title`)}>
        <Box component="p" sx={{ typography: 'body1', textAlign: 'center' }}>
          {translate(`${builtIn}.body`)}
        </Box>
      </MessageCard>
    );
  }
  return <StoredMessage type={type} id={id} />;
}
