import { lazy, Suspense, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import { useTranslate } from 'react-admin';
import { reloadOnStaleChunk } from '../../../ui/navigation/staleChunk';

// The panel (with the markdown renderer) loads on first use, not with the sign-in page.
const HelpPanel = lazy(
  reloadOnStaleChunk(() => import('./HelpPanel').then((module) => ({ default: module.HelpPanel }))),
);

/** The app bar's help button and the panel it opens. */
export function HelpButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.help.open')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.help.open')}
          onClick={() => setOpen(true)}
        >
          <HelpOutlinedIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <HelpPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
