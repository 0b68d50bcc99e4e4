import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { EmbedKind } from '../../../common/api/embeds';
import { readEmbedToken, type EmbedLook } from './embedToken';
import { useEmbedTheme } from './useEmbedTheme';

interface EmbedPageProps {
  /** What the page shows: a token of another kind is an invalid link here. */
  kind: EmbedKind;
  children: (look: EmbedLook, token: string) => ReactNode;
}

/**
 * Said in the frame itself for a token that names no object of this kind: it sits in another
 * company's product, so no way to this app's pages (home, sign-in), just what is wrong.
 */
function InvalidEmbed() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="warning">{translate('dashboards.shared.embedInvalid')}</Alert>
    </Box>
  );
}

/**
 * The frame of an embed page (`/embed/<kind>s/<token>`): the token of the path, the page in the
 * token's theme, and a message in place for a token that names no object of this kind.
 */
export function EmbedPage({ kind, children }: EmbedPageProps) {
  const token = useParams()['*'] ?? '';
  const look = useMemo(() => readEmbedToken(token, kind), [token, kind]);
  const theme = useEmbedTheme(look);
  if (!look) return <InvalidEmbed />;
  return <ThemeProvider theme={theme}>{children(look, token)}</ThemeProvider>;
}
