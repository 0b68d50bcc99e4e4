import type { ReactNode } from 'react';
import { Box, Paper } from '@mui/material';
import { Brand } from '../brand/Brand';

/** The frame of the platform's public pages: the brand above a centred card with a heading. */
export function PublicCard({
  title,
  children,
  maxWidth = 480,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Paper
        component="section"
        elevation={3}
        sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Brand />
        </Box>
        <Box component="h1" sx={{ typography: 'h5', textAlign: 'center', mt: 0, mb: 2 }}>
          {title}
        </Box>
        {children}
      </Paper>
    </Box>
  );
}

/** The links under a public card's form (sign-in, registration, home), at both ends. */
export function CardLinks({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', typography: 'body2' }}>
      {children}
    </Box>
  );
}
