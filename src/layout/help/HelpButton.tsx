import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import { useTranslate } from 'react-admin';
import { HelpPanel } from './HelpPanel';

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
      <HelpPanel open={open} onClose={() => setOpen(false)} />
    </>
  );
}
