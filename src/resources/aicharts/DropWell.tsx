import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dropProps } from './fieldDrag';

/** A labelled panel of the builder, a drop target for fields; its items are editable rows. */
export function DropWell({
  title,
  onField,
  children,
  empty,
}: {
  title: string;
  /** omitted for a panel that takes no fields */
  onField?: (fieldName: string) => void;
  children: ReactNode;
  empty: boolean;
}) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      {...(onField ? dropProps(onField) : {})}
      sx={{ p: 1.5, mb: 1.5 }}
    >
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={1}>
        {children}
        {empty && (
          <Typography variant="body2" color="text.secondary">
            {translate('charts.builder.dragHint')}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
