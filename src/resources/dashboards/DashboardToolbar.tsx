import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddchartIcon from '@mui/icons-material/Addchart';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FilterListIcon from '@mui/icons-material/FilterList';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import RefreshIcon from '@mui/icons-material/Refresh';
import ShareIcon from '@mui/icons-material/Share';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import TitleIcon from '@mui/icons-material/Title';
import { useTranslate } from 'react-admin';
import { RefreshSelect } from './RefreshSelect';

interface DashboardToolbarProps {
  name: string;
  editing: boolean;
  canWrite: boolean;
  saving: boolean;
  refreshSeconds: number;
  /** The Download menu (PDF, PNG), in view mode. */
  exportMenu?: ReactNode;
  /** The History button (view mode). */
  history?: ReactNode;
  /** The Translations button (edit mode). */
  translations?: ReactNode;
  on: {
    refresh: () => void;
    fullScreen: () => void;
    edit: () => void;
    share: () => void;
    duplicate: () => void;
    remove: () => void;
    addChart: () => void;
    addText: () => void;
    addHeading: () => void;
    editFilters: () => void;
    setRefresh: (seconds: number) => void;
    save: () => void;
    cancel: () => void;
  };
}

/** The dashboard's title and actions: view actions for everyone, edit actions for editors. */
export function DashboardToolbar({
  name,
  editing,
  canWrite,
  saving,
  refreshSeconds,
  exportMenu,
  history,
  translations,
  on,
}: DashboardToolbarProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`dashboards.actions.${key}`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 2 }}>
      <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 200 }}>
        {name}
      </Typography>
      {editing ? (
        <>
          <Button startIcon={<AddchartIcon />} onClick={on.addChart}>
            {t('addChart')}
          </Button>
          <Button startIcon={<TextFieldsIcon />} onClick={on.addText}>
            {t('addText')}
          </Button>
          <Button startIcon={<TitleIcon />} onClick={on.addHeading}>
            {t('addHeading')}
          </Button>
          <Button startIcon={<FilterListIcon />} onClick={on.editFilters}>
            {t('filters')}
          </Button>
          {translations}
          <RefreshSelect value={refreshSeconds} onChange={on.setRefresh} />
          <Button onClick={on.cancel} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button variant="contained" onClick={on.save} disabled={saving}>
            {t('save')}
          </Button>
        </>
      ) : (
        <>
          <Button startIcon={<RefreshIcon />} onClick={on.refresh}>
            {t('refresh')}
          </Button>
          <Button startIcon={<FullscreenIcon />} onClick={on.fullScreen}>
            {t('fullScreen')}
          </Button>
          {exportMenu}
          {history}
          {canWrite && (
            <>
              <Button startIcon={<EditIcon />} onClick={on.edit}>
                {t('edit')}
              </Button>
              <Button startIcon={<ShareIcon />} onClick={on.share}>
                {t('share')}
              </Button>
              <Button startIcon={<ContentCopyIcon />} onClick={on.duplicate}>
                {t('duplicate')}
              </Button>
              <Button startIcon={<DeleteIcon />} color="error" onClick={on.remove}>
                {t('delete')}
              </Button>
            </>
          )}
        </>
      )}
    </Box>
  );
}
