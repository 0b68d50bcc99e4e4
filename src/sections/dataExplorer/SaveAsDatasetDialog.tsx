import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Dataset } from '../../model/analytics';

// "Save as dataset": asks for a name, creates the dataset over the explorer's SQL and opens
// its edit page (fields are detected by the server).

export interface SaveAsDatasetDialogProps {
  open: boolean;
  sourceId: number;
  sql: string;
  onClose: () => void;
}

export function SaveAsDatasetDialog({ open, sourceId, sql, onClose }: SaveAsDatasetDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(translate('analytics.validation.required'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { data } = await dataProvider.create<Dataset>('datasets', {
        data: { sourceId, name: trimmed, sql: sql.trim() },
      });
      onClose();
      navigate(`/datasets/${encodeURIComponent(data.id)}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
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
