import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { UploadPanel } from './upload/UploadPanel';
import { useSources } from '../../ui/warehouse/useSources';
import { createDatasetForTable } from './datasetForTable';
import { dropTable } from '../../ui/warehouse/analyticsApi';
import { isWarehouseType } from '../../../common/sourceTypes';

// The editor's upload: a file into the account's warehouse, its column types
// confirmed, then straight to a new dataset of that table. Closing the dialog (Escape, a
// click outside, Close) while an uploaded table awaits Keep or Discard asks first, and
// discards it: a table left half-confirmed would only make the next upload of the file clash.

type Creating = { kind: 'idle' } | { kind: 'creating' } | { kind: 'failed'; message: string };

export function UploadDatasetDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const sources = useSources();
  const warehouse = sources.data?.find((source) => isWarehouseType(source.type));
  const [creating, setCreating] = useState<Creating>({ kind: 'idle' });
  const [pendingTable, setPendingTable] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [discarding, setDiscarding] = useState(false);

  const close = () => (pendingTable ? setLeaving(true) : onClose());

  const discardAndClose = async () => {
    if (!warehouse || !pendingTable) return;
    setDiscarding(true);
    try {
      await dropTable(warehouse.id, pendingTable);
      onClose();
    } catch (error) {
      setLeaving(false);
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setDiscarding(false);
    }
  };

  const openDatasetOf = async (table: string) => {
    if (!warehouse) return;
    setCreating({ kind: 'creating' });
    try {
      const dataset = await createDatasetForTable(dataProvider, warehouse.id, table);
      notify('analytics.datasets.upload.created', {
        type: 'success',
        messageArgs: { name: dataset.name },
      });
      onClose();
      redirect('edit', 'datasets', dataset.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setCreating({ kind: 'failed', message });
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      onClose={creating.kind === 'creating' ? undefined : close}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{translate('analytics.datasets.upload.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('analytics.datasets.upload.hint')}
        </Typography>
        {sources.isPending && <LinearProgress />}
        {!sources.isPending && !warehouse && (
          <Alert severity="error">{translate('analytics.datasets.upload.noWarehouse')}</Alert>
        )}
        {warehouse && creating.kind !== 'creating' && (
          <UploadPanel
            sourceId={warehouse.id}
            heading={false}
            onTableReady={openDatasetOf}
            onPendingTable={setPendingTable}
          />
        )}
        {creating.kind === 'creating' && (
          <>
            <LinearProgress />
            <Typography variant="body2" role="status" sx={{ mt: 1 }}>
              {translate('analytics.datasets.upload.creating')}
            </Typography>
          </>
        )}
        {creating.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('analytics.datasets.upload.failed', { message: creating.message })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={creating.kind === 'creating'}>
          {translate('analytics.datasets.upload.close')}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={leaving}
        loading={discarding}
        title="analytics.datasets.upload.leaveTitle"
        titleTranslateOptions={{ table: pendingTable ?? '' }}
        content="analytics.datasets.upload.leaveText"
        confirm="analytics.datasets.upload.leaveDiscard"
        cancel="analytics.datasets.upload.leaveStay"
        confirmColor="warning"
        onConfirm={discardAndClose}
        onClose={() => setLeaving(false)}
      />
    </Dialog>
  );
}
