import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Confirm, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { DeletedObject } from '../../../common/revisions';
import { listDeleted, restoreDeleted } from './revisionsApi';
import { useFormats } from '../i18n/formats';

const KEY = ['recentlyDeleted'];

/**
 * An admin's "Recently deleted" button and dialog: dashboards and charts to restore. The
 * button shows only when something was deleted (with how many); the dialog, once open, stays
 * with its empty state when the last one is restored. `watch` (e.g. the list's total) reloads
 * the list when it changes, so a delete on the page shows the button.
 */
export function RecentlyDeleted({ watch }: { watch?: unknown }) {
  const translate = useTranslate();
  const formats = useFormats();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState<DeletedObject | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: [...KEY, watch ?? null],
    queryFn: ({ signal }) => listDeleted(signal),
    // The button stays (not blinking out) while a changed `watch` reloads the list.
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const restore = useMutation({
    mutationFn: restoreDeleted,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      notify('revisions.deleted.restored', { type: 'success' });
      refresh();
    },
    onSettled: () => setRestoring(null),
  });
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`revisions.deleted.${key}`, values);
  const objects = list.data ?? [];
  if (!open && objects.length === 0) return null;
  return (
    <>
      <Button startIcon={<RestoreFromTrashIcon />} onClick={() => setOpen(true)}>
        {t('button', { smart_count: objects.length })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('intro')}
          </Typography>
          {list.isPending && <LinearProgress />}
          {list.error && <Alert severity="error">{list.error.message}</Alert>}
          {restore.error && <Alert severity="error">{restore.error.message}</Alert>}
          {list.isSuccess && objects.length === 0 && <Typography>{t('empty')}</Typography>}
          <List aria-label={t('title')}>
            {objects.map((object) => (
              <ListItem
                key={`${object.kind}-${object.id}`}
                divider
                sx={{ gap: 1, flexWrap: 'wrap' }}
              >
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography variant="subtitle2">
                    {t(object.kind)}: {object.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('deletedBy', {
                      who: object.deletedBy ?? translate('revisions.someone'),
                      when: formats.dateTime(object.deletedAt),
                      until: formats.date(object.purgeAt),
                    })}
                  </Typography>
                </Box>
                <Button size="small" onClick={() => setRestoring(object)}>
                  {t('restore')}
                </Button>
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={restoring !== null}
        loading={restore.isPending}
        title="revisions.deleted.confirmTitle"
        content="revisions.deleted.confirmContent"
        translateOptions={{ name: restoring?.name ?? '' }}
        confirm="revisions.deleted.restore"
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </>
  );
}

/**
 * RecentlyDeleted in a list's page, reloaded when the list's count changes (after a delete);
 * nothing while the list loads (its toolbar then gives way to the empty page when it is empty).
 */
export function RecentlyDeletedOfList() {
  const { total, isPending } = useListContext();
  return isPending ? null : <RecentlyDeleted watch={total} />;
}
