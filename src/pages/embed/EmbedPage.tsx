import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { Navigate, useParams } from 'react-router-dom';
import type { EmbedKind } from '../../model/api/embeds';
import { readEmbedToken, type EmbedLook } from './embedToken';
import { useEmbedTheme } from './useEmbedTheme';

interface EmbedPageProps {
  /** What the page shows: a token of another kind is an invalid link here. */
  kind: EmbedKind;
  children: (look: EmbedLook, token: string) => ReactNode;
}

/**
 * The frame of an embed page (`/embed/<kind>s/<token>`): the token of the path, the page in the
 * token's theme, and the message page for a token that names no object of this kind.
 */
export function EmbedPage({ kind, children }: EmbedPageProps) {
  const token = useParams()['*'] ?? '';
  const look = useMemo(() => readEmbedToken(token, kind), [token, kind]);
  const theme = useEmbedTheme(look);
  if (!look) return <Navigate to="/messages/share/invalid" replace />;
  return <ThemeProvider theme={theme}>{children(look, token)}</ThemeProvider>;
}
