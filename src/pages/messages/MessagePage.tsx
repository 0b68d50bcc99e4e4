import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Button } from '@mui/material';
import { LoadingCard } from '../../ui/publicPage/LoadingCard';
import { Markdown } from '../../ui/markdown/Markdown';
import { NotFoundNotice } from '../../ui/publicPage/NotFoundNotice';
import { PublicCard } from '../../ui/publicPage/PublicCard';
import { builtInMessageKey, isStoredMessageAddress } from './builtInMessages';
import type { PublicDocument } from '../../model/api/content';
import { fetchMessage } from '../publicApi';
import { useRemote } from '../useRemote';

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
  const message = useRemote<PublicDocument | null>(`message:${type}/${id ?? ''}`, () =>
    isStoredMessageAddress(id) ? fetchMessage(type, id) : Promise.resolve(null),
  );
  if (message.state === 'loading') return <LoadingCard />;
  if (message.state === 'failed' || message.data === null) {
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
