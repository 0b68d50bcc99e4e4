import { useState } from 'react';
import { Box, Button, IconButton, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Confirm, useTranslate } from 'react-admin';
import type { Dashboard } from '../../../common/charts';
import { MAX_TABS } from '../../../common/api/dashboards';
import {
  addTab,
  deleteTab,
  moveTab,
  renameTab,
  tileCountOfTab,
} from '../../../common/dashboardTabs';
import { TitleDialog } from './TitleDialog';

interface TabEditActionsProps {
  dashboard: Dashboard;
  /** the tab shown (undefined: the dashboard has no tabs yet) */
  tabId: string | undefined;
  onChange: (dashboard: Dashboard) => void;
  onShow: (tabId: string) => void;
}

type Dialog = 'add' | 'rename' | 'delete' | null;

/** Edit mode: add a tab, and rename, reorder or delete the tab shown (after confirmation). */
export function TabEditActions({ dashboard, tabId, onChange, onShow }: TabEditActionsProps) {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tabs = dashboard.tabs ?? [];
  const index = tabs.findIndex((tab) => tab.id === tabId);
  const current = tabs[index];
  const act = (next: Dialog) => {
    setAnchor(null);
    setDialog(next);
  };
  const move = (offset: number) => {
    setAnchor(null);
    if (current) onChange(moveTab(dashboard, current.id, offset));
  };
  const nextTitle = translate('dashboards.tabs.newTitle', { n: Math.max(tabs.length, 1) + 1 });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {current && (
        <IconButton
          size="small"
          aria-label={translate('dashboards.tabs.actions', { title: current.title })}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={tabs.length >= MAX_TABS}
        onClick={() => setDialog('add')}
      >
        {translate('dashboards.tabs.add')}
      </Button>
      {anchor && current && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => act('rename')}>{translate('dashboards.tabs.rename')}</MenuItem>
          <MenuItem disabled={index === 0} onClick={() => move(-1)}>
            {translate('dashboards.tabs.moveEarlier')}
          </MenuItem>
          <MenuItem disabled={index === tabs.length - 1} onClick={() => move(1)}>
            {translate('dashboards.tabs.moveLater')}
          </MenuItem>
          <MenuItem disabled={tabs.length <= 1} onClick={() => act('delete')}>
            {translate('dashboards.tabs.delete')}
          </MenuItem>
        </Menu>
      )}
      <TitleDialog
        value={dialog === 'add' ? nextTitle : dialog === 'rename' ? (current?.title ?? '') : null}
        title={dialog === 'add' ? 'dashboards.tabs.addTitle' : 'dashboards.tabs.renameTitle'}
        label="dashboards.tabs.title"
        maxLength={100}
        onClose={() => setDialog(null)}
        onSave={(title) => {
          setDialog(null);
          if (dialog === 'rename' && current) {
            onChange(renameTab(dashboard, current.id, title));
            return;
          }
          const firstTitle = translate('dashboards.tabs.firstTitle');
          const added = addTab(dashboard, title, firstTitle);
          onChange(added.dashboard);
          onShow(added.tabId);
        }}
      />
      {current && (
        <Confirm
          isOpen={dialog === 'delete'}
          title="dashboards.tabs.deleteTitle"
          content="dashboards.tabs.deleteContent"
          translateOptions={{
            title: current.title,
            smart_count: tileCountOfTab(dashboard, current.id),
          }}
          onConfirm={() => {
            setDialog(null);
            onChange(deleteTab(dashboard, current.id));
            const neighbour = tabs[index === 0 ? 1 : index - 1];
            if (neighbour) onShow(neighbour.id);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
