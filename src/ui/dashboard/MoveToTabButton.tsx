import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { useTranslate } from 'react-admin';
import type { DashboardTab } from '../../../common/charts';

interface MoveToTabButtonProps {
  /** the tabs the tile can go to (not its own) */
  targets: DashboardTab[];
  onMove: (tabId: string) => void;
  /** in a row of the tile's own buttons, not over the tile's corner */
  inline?: boolean;
}

/** Edit mode, on a dashboard with tabs: moves a tile to another tab. */
export function MoveToTabButton({ targets, onMove, inline = false }: MoveToTabButtonProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        className="tile-no-drag"
        aria-label={translate('dashboards.tabs.moveTile')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={inline ? {} : { position: 'absolute', bottom: 4, insetInlineStart: 4, zIndex: 1 }}
      >
        <DriveFileMoveIcon fontSize="small" />
      </IconButton>
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {targets.map((tab) => (
            <MenuItem
              key={tab.id}
              onClick={() => {
                setAnchor(null);
                onMove(tab.id);
              }}
            >
              {translate('dashboards.tabs.moveTileTo', { title: tab.title })}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
