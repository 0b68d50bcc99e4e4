import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Translations } from '../../../common/contentTranslations';
import { TranslationsButton } from '../../ui/translations/TranslationsDialog';

/** Asks for the chart's name (and description) before it is saved. */
export function SaveChartDialog({
  initialName,
  initialDescription,
  initialTranslations,
  title,
  saving,
  onSave,
  onClose,
}: {
  initialName: string;
  initialDescription: string;
  initialTranslations?: Translations;
  /** The chart's own title (its spec's), translated beside its name. */
  title: string;
  saving: boolean;
  onSave: (name: string, description: string, translations?: Translations) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [translations, setTranslations] = useState(initialTranslations);
  const [touched, setTouched] = useState(false);
  const missing = name.trim() === '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onSave(name.trim(), description.trim(), translations);
        }}
      >
        <DialogTitle>{translate('charts.builder.saveTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={translate('charts.builder.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={touched && missing}
              helperText={touched && missing ? translate('charts.builder.nameRequired') : ' '}
            />
            <TextField
              multiline
              minRows={2}
              label={translate('charts.builder.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <div>
              <TranslationsButton
                fields={[
                  { name: 'name', original: name, maxLength: 200 },
                  { name: 'title', original: title, maxLength: 200 },
                ]}
                translations={translations}
                onChange={setTranslations}
              />
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('charts.builder.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('charts.builder.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
