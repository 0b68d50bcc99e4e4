import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Link } from '@mui/material';
import { infoSlugFromParams } from '../../ui/navigation/publicProtectedPrefixes';
import { LoadingCard } from '../../ui/publicPage/LoadingCard';
import { Markdown } from '../../ui/markdown/Markdown';
import { NotFoundNotice } from '../../ui/publicPage/NotFoundNotice';
import { PublicCard } from '../../ui/publicPage/PublicCard';
import { failedWith, fetchInfoPage } from '../publicApi';
import { useTranslated } from '../../ui/translations/useContentLanguage';

/** /info/<slug>: a published information page (about, terms, privacy …) in markdown. */
export default function InfoPage() {
  const translate = useTranslate();
  const slug = infoSlugFromParams(useParams());
  const page = useQuery({
    queryKey: ['publicInfoPage', slug],
    queryFn: () => fetchInfoPage(slug),
    retry: false,
  });

  const shown = useTranslated(page.data);
  const title = shown?.title ?? null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (page.isPending) return <LoadingCard />;
  if (page.isError) {
    if (failedWith(page.error, 404)) {
      return (
        <NotFoundNotice
          titleKey="platform.info.notFoundTitle"
          bodyKey="platform.info.notFoundBody"
        />
      );
    }
    return (
      <PublicCard title={translate('platform.info.failedTitle')}>
        <Alert severity="error">{translate('platform.common.loadFailed')}</Alert>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={shown?.title ?? page.data.title} maxWidth={800}>
      <Markdown>{shown?.body ?? page.data.body}</Markdown>
      <Box sx={{ mt: 3, typography: 'body2' }}>
        <Link component={RouterLink} to="/">
          {translate('platform.common.home')}
        </Link>
      </Box>
    </PublicCard>
  );
}
