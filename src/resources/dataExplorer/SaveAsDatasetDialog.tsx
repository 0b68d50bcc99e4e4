import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useCreateSqlDataset } from '../../ui/warehouse/useCreateSqlDataset';

// "Save as dataset": asks for a name, creates the dataset over the explorer's SQL and opens
// its edit page (fields are detected by the server).

interface SaveAsDatasetDialogProps {
  open: boolean;
  sourceId: number;
  sql: string;
  onClose: () => void;
}

export function SaveAsDatasetDialog({ open, sourceId, sql, onClose }: SaveAsDatasetDialogProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { name, setName, error, saving, create } = useCreateSqlDataset();

  const save = async () => {
    const data = await create(sourceId, sql);
    if (!data) return;
    onClose();
    navigate(`/datasets/${encodeURIComponent(data.id)}`);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('analytics.explorer.saveTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('analytics.datasets.fields.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
          }}
          error={error !== null}
          disabled={saving}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
