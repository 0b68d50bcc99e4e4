import type { ReactNode } from 'react';
import {
  Create,
  Edit,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useRecordDrawer } from '../navigation/publicProtectedPrefixes';

/**
 * Create and edit screens of a shared-prefix section (pricing, info, messages), shown in a
 * drawer over its list and driven by `?record=new` / `?record=<id>` (src/ui/navigation/publicProtectedPrefixes.ts).
 */
export function RecordDrawer({
  resource,
  titleKey,
  transform,
  children,
}: {
  resource: string;
  titleKey: { create: string; edit: string };
  transform: TransformData;
  /** The form (a SimpleForm with the section's inputs). */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { isOpen, isCreate, recordId, close } = useRecordDrawer();

  const saved = (what: 'created' | 'updated') => () => {
    notify(`resources.${resource}.notifications.${what}`, { type: 'info' });
    refresh();
    close();
  };

  return (
    <Drawer anchor="right" open={isOpen} onClose={close}>
      <Box sx={{ width: { xs: '100vw', sm: 560 }, p: 2 }} role="region" aria-live="polite">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h2" variant="h6">
            {translate(isCreate ? titleKey.create : titleKey.edit)}
          </Typography>
          <IconButton onClick={close} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        {isCreate && (
          <Create
            resource={resource}
            redirect={false}
            transform={transform}
            mutationOptions={{ onSuccess: saved('created') }}
            title=" "
          >
            {children}
          </Create>
        )}
        {recordId !== null && (
          <Edit<RaRecord>
            resource={resource}
            id={recordId}
            redirect={false}
            mutationMode="pessimistic"
            transform={transform}
            mutationOptions={{ onSuccess: saved('updated') }}
            title=" "
          >
            {children}
          </Edit>
        )}
      </Box>
    </Drawer>
  );
}
