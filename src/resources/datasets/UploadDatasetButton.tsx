import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, usePermissions } from 'react-admin';
import { canAccess } from '../../../common/sections';
import type { Role } from '../../../common/types';
import { UploadDatasetDialog } from './UploadDatasetDialog';

/** "Upload a file" beside Create on the datasets pages, for those who may write datasets. */
export function UploadDatasetButton() {
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (typeof permissions !== 'string' || !canAccess(permissions as Role, 'datasets', 'write')) {
    return null;
  }
  return (
    <>
      <Button label="analytics.datasets.upload.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && <UploadDatasetDialog onClose={() => setOpen(false)} />}
    </>
  );
}
