import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { Confirm, useTranslate } from 'react-admin';
import type { RevisionKind, RevisionRecord } from '../../../common/revisions';
import { changeMessage, listRevisions, restoreRevision } from './revisionsApi';
import { useFormats } from '../i18n/formats';

interface RevisionHistoryProps {
  kind: RevisionKind;
  id: number;
  /** Editors and admins restore; viewers only read the history. */
  canRestore: boolean;
  /** After a restore: reload the object. */
  onRestored: () => void;
}

function RevisionItem({
  revision,
  latest,
  canRestore,
  onRestore,
}: {
  revision: RevisionRecord;
  latest: boolean;
  canRestore: boolean;
  onRestore: () => void;
}) {
  const translate = useTranslate();
  const formats = useFormats();
  const changes = revision.changes.map(changeMessage);
  return (
    <ListItem divider sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {translate(`revisions.action.${revision.action}`, { number: revision.number })}
        </Typography>
        {latest ? (
          <Typography variant="caption">{translate('revisions.current')}</Typography>
        ) : (
          canRestore && (
            <Button size="small" onClick={onRestore}>
              {translate('revisions.restore')}
            </Button>
          )
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('revisions.byWhen', {
          who: revision.author ?? translate('revisions.someone'),
          when: formats.dateTime(revision.createdAt),
        })}
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2">{translate('revisions.noChange')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
          {changes.map(([key, values], index) => (
            <Typography component="li" variant="body2" key={index}>
              {translate(key, values)}
            </Typography>
          ))}
        </Box>
      )}
    </ListItem>
  );
}

/** A History button and its drawer: the object's revisions, newest first, and restoring one. */
export function RevisionHistory({ kind, id, canRestore, onRestored }: RevisionHistoryProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState<RevisionRecord | null>(null);
  const queryClient = useQueryClient();
  const key = ['revisions', kind, id];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listRevisions(kind, id, signal),
    enabled: open,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const restore = useMutation({
    mutationFn: (revision: RevisionRecord) => restoreRevision(kind, id, revision.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      onRestored();
    },
    onSettled: () => setRestoring(null),
  });
  const revisions = list.data ?? [];
  return (
    <>
      <Button startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
        {translate('revisions.history')}
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', p: 2, pb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('revisions.title')}
          </Typography>
          <IconButton aria-label={translate('revisions.close')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        {list.isPending && <LinearProgress aria-label={translate('revisions.loading')} />}
        {list.error && (
          <Alert severity="error" sx={{ m: 2 }}>
            {list.error.message}
          </Alert>
        )}
        {restore.error && (
          <Alert severity="error" sx={{ m: 2 }}>
            {restore.error.message}
          </Alert>
        )}
        {list.isSuccess && revisions.length === 0 && (
          <Typography sx={{ p: 2 }}>{translate('revisions.empty')}</Typography>
        )}
        <List aria-label={translate('revisions.title')}>
          {revisions.map((revision, index) => (
            <RevisionItem
              key={revision.id}
              revision={revision}
              latest={index === 0}
              canRestore={canRestore}
              onRestore={() => setRestoring(revision)}
            />
          ))}
        </List>
      </Drawer>
      <Confirm
        isOpen={restoring !== null}
        loading={restore.isPending}
        title="revisions.confirmTitle"
        content="revisions.confirmContent"
        translateOptions={{ number: restoring?.number ?? '' }}
        confirm="revisions.restore"
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </>
  );
}
