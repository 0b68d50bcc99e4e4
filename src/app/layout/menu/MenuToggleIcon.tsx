import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RemoveIcon from '@mui/icons-material/Remove';
import type { DropdownIcon } from '../settings/layoutSettings';

/** The open/closed marker of a menu group, in the chosen style (navDropdownIcon). */
export function MenuToggleIcon({ style, open }: { style: DropdownIcon; open: boolean }) {
  if (style === 'plus')
    return open ? <RemoveIcon fontSize="small" /> : <AddIcon fontSize="small" />;
  const Icon = style === 'chevron' ? ChevronRightIcon : ExpandMoreIcon;
  const turned = style === 'chevron' ? 'rotate(90deg)' : 'rotate(180deg)';
  return (
    <Icon
      fontSize="small"
      sx={{ transition: 'transform 150ms', transform: open ? turned : 'none' }}
    />
  );
}
