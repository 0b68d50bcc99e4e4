import ReactMarkdown from 'react-markdown';
import { Box } from '@mui/material';

/**
 * Markdown from the server, rendered without HTML injection: react-markdown builds React
 * elements from the markdown syntax tree, shows raw HTML as text and drops unsafe link
 * protocols (javascript:, data:), so a stored `<script>` or `<img onerror>` never runs.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        typography: 'body1',
        '& h1': { typography: 'h4', mt: 0 },
        '& h2': { typography: 'h5' },
        '& h3': { typography: 'h6' },
        '& a': { color: 'primary.main' },
        '& pre, & code': { fontFamily: 'monospace', bgcolor: 'action.hover', borderRadius: 1 },
        '& pre': { p: 1.5, overflowX: 'auto' },
      }}
    >
      <ReactMarkdown>{children}</ReactMarkdown>
    </Box>
  );
}
