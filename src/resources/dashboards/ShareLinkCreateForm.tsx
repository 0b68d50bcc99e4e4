import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardFilterValue } from '../../../common/charts';
import type { ShareLink } from '../../../common/api/shares';
import { attributesOf, rowProblem, rowsOfLines } from '../../ui/attributeRows';
import { HttpError } from '../../ui/api/httpClient';
import { createShareLink, expiryOf } from './shareLinksApi';

/** The field an error body names (`{ field: "attributes.region" }`), if any. */
function fieldOf(body: unknown): string | undefined {
  const field = (body as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : undefined;
}

/** "attributes.region: \"South\" is not…" -> "\"South\" is not…" */
function withoutFieldPrefix(error: Error): string {
  return error.message.replace(/^[\w.]+: /, '');
}

interface ShareLinkCreateFormProps {
  dashboardId: number;
  /** the filter values on screen now, frozen into the link when asked */
  currentValues: DashboardFilterValue[];
  onCreated: (link: ShareLink) => void;
}

/** A new link: its label, an optional expiry day, and whether to freeze the filters. */
export function ShareLinkCreateForm({
  dashboardId,
  currentValues,
  onCreated,
}: ShareLinkCreateFormProps) {
  const translate = useTranslate();
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState('');
  const [freeze, setFreeze] = useState(false);
  const [attributeLines, setAttributeLines] = useState('');
  const attributeRows = rowsOfLines(attributeLines);
  const attributeProblem = attributeRows
    .map((_, index) => rowProblem(attributeRows, index))
    .find((problem) => problem !== null);
  const [error, setError] = useState<string | null>(null);
  /** The server's word on the attributes (one wider than the maker's own), shown at the field. */
  const [attributesError, setAttributesError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    setAttributesError(null);
    try {
      const link = await createShareLink(dashboardId, {
        label: label.trim(),
        ...(expires ? { expiresAt: expiryOf(expires) } : {}),
        ...(freeze ? { frozenFilters: currentValues.filter((v) => v.value.length > 0) } : {}),
        ...(attributeRows.length ? { attributes: attributesOf(attributeRows) } : {}),
      });
      setAttributeLines('');
      setLabel('');
      setExpires('');
      setFreeze(false);
      onCreated(link);
    } catch (caught) {
      const field = caught instanceof HttpError ? fieldOf(caught.body) : undefined;
      if (caught instanceof HttpError && field?.startsWith('attributes'))
        setAttributesError(withoutFieldPrefix(caught));
      else setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      aria-label={translate('dashboards.share.create')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1 }}
    >
      <TextField
        size="small"
        required
        label={translate('dashboards.share.label')}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
      />
      <TextField
        size="small"
        type="date"
        label={translate('dashboards.share.expires')}
        value={expires}
        onChange={(event) => setExpires(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormControlLabel
        label={translate('dashboards.share.freeze')}
        control={
          <Checkbox checked={freeze} onChange={(event) => setFreeze(event.target.checked)} />
        }
      />
      <TextField
        size="small"
        multiline
        minRows={1}
        label={translate('dashboards.share.attributes')}
        value={attributeLines}
        onChange={(event) => {
          setAttributeLines(event.target.value);
          setAttributesError(null);
        }}
        error={attributeProblem !== undefined || attributesError !== null}
        helperText={
          attributeProblem
            ? translate(`resources.users.attributes.${attributeProblem}`)
            : (attributesError ?? translate('dashboards.share.attributesHint'))
        }
        sx={{ minWidth: 260 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={busy || label.trim() === '' || attributeProblem !== undefined}
      >
        {translate('dashboards.share.create')}
      </Button>
      {error && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
