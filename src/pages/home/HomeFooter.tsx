import { Box, Divider, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { fetchInfoLinks } from './HomeData';

/** Links to the published information pages (about, terms, privacy …). */
export function HomeFooter() {
  const translate = useTranslate();
  const pages = useQuery({ queryKey: ['publicInfoLinks'], queryFn: fetchInfoLinks, retry: false });
  return (
    <Box component="footer" sx={{ py: 4 }}>
      <Divider sx={{ mb: 3 }} />
      <Box
        component="nav"
        aria-label={translate('public.home.footer.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, typography: 'body2' }}
      >
        {pages.data?.map((page) => (
          <Link key={page.slug} component={RouterLink} to={`/info/${page.slug}`}>
            {page.title}
          </Link>
        ))}
        <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }}>
          {translate('public.home.footer.copyright', { year: new Date().getFullYear() })}
        </Box>
      </Box>
    </Box>
  );
}
