import { useEffect } from 'react';
import { Box, Button, Container } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PRICING_SECTION_PATH, REGISTER_PATH } from '../../ui/navigation/paths';
import { HomeFeatures } from './HomeFeatures';
import { HomeFooter } from './HomeFooter';
import { HomeHeader } from './HomeHeader';
import { HomePricing } from './HomePricing';

/** Follows `/home#pricing` once the page is drawn (the router does not scroll to hashes). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);
}

/** `/` and `/home`: what Brandboard does, its plans, and the ways to sign in or register. */
export default function HomePage() {
  const translate = useTranslate();
  useScrollToHash();
  return (
    <Box sx={{ bgcolor: 'background.default', color: 'text.primary', minHeight: '100vh' }}>
      <Container maxWidth="lg">
        <HomeHeader />
        <Box component="main">
          <Box component="section" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
            <Box component="h1" sx={{ typography: { xs: 'h4', md: 'h3' }, mt: 0 }}>
              {translate('public.home.hero.title')}
            </Box>
            <Box
              component="p"
              sx={{ typography: 'h6', color: 'text.secondary', maxWidth: 720, mx: 'auto' }}
            >
              {translate('public.home.hero.text')}
            </Box>
            <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', mt: 4 }}>
              <Button component={RouterLink} to={REGISTER_PATH} variant="contained" size="large">
                {translate('public.home.hero.start')}
              </Button>
              <Button
                component={RouterLink}
                to={PRICING_SECTION_PATH}
                variant="outlined"
                size="large"
              >
                {translate('public.home.hero.pricing')}
              </Button>
            </Box>
          </Box>
          <HomeFeatures />
          <HomePricing />
        </Box>
        <HomeFooter />
      </Container>
    </Box>
  );
}
