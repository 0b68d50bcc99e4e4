import { Box, IconButton } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import { Markdown } from '../markdown/Markdown';

interface TextTileProps {
  markdown: string;
  /** edit mode only */
  onEdit?: () => void;
  onRemove?: () => void;
}

/** A markdown tile: rendered without HTML (react-markdown shows raw HTML as text). */
export function TextTile({ markdown, onEdit, onRemove }: TextTileProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ position: 'relative', p: 1.5, height: '100%', overflow: 'auto', typography: 'body2' }}
    >
      {(onEdit || onRemove) && (
        <Box
          className="tile-no-drag"
          sx={{ position: 'absolute', top: 4, right: 4, display: 'flex' }}
        >
          {onEdit && (
            <IconButton
              size="small"
              aria-label={translate('dashboards.tile.editText')}
              onClick={onEdit}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          )}
          {onRemove && (
            <IconButton
              size="small"
              aria-label={translate('dashboards.tile.removeText')}
              onClick={onRemove}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      )}
      {/* the note reads in its own language's direction, whatever the page's */}
      <div dir="auto">
        <Markdown>{markdown}</Markdown>
      </div>
    </Box>
  );
}
