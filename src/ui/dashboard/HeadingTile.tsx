import type { ReactNode } from 'react';
import { Box, IconButton, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';

interface HeadingTileProps {
  heading: string;
  /** edit mode only */
  onEdit?: () => void;
  onRemove?: () => void;
  /** more edit buttons (move to another tab) */
  actions?: ReactNode;
}

/** A heading between sections of a dashboard: a title across the grid, no frame. */
export function HeadingTile({ heading, onEdit, onRemove, actions }: HeadingTileProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: '100%', px: 0.5 }}>
      <Typography
        component="h2"
        variant="h6"
        dir="auto"
        noWrap
        sx={{ flex: 1, fontWeight: 600, borderBottom: 2, borderColor: 'divider', pb: 0.5 }}
      >
        {heading}
      </Typography>
      {actions}
      {onEdit && (
        <IconButton
          size="small"
          className="tile-no-drag"
          aria-label={translate('dashboards.heading.edit', { heading })}
          onClick={onEdit}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {onRemove && (
        <IconButton
          size="small"
          className="tile-no-drag"
          aria-label={translate('dashboards.heading.remove', { heading })}
          onClick={onRemove}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
