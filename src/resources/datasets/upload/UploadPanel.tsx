import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  DECIMAL_SEPARATORS,
  THOUSANDS_SEPARATORS,
  type DecimalSeparatorName,
  type ThousandsSeparatorName,
  type UploadResult,
} from '../../../../common/api/uploads';
import { uploadFile } from '../../../ui/warehouse/analyticsApi';
import { datasetFromTablePath } from '../../../ui/warehouse/datasetLinks';
import { CancelledError, HttpError } from '../../../ui/api/httpClient';
import type { UploadProgress } from '../../../ui/api/uploadWithProgress';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, tableNameFromFile, uploadProblem } from './uploadRules';
import { ColumnTypesConfirm } from './ColumnTypesConfirm';

// Upload a CSV, Parquet or JSON file into the account's warehouse: pick it (checked here for
// type and the 200 MB limit), name the table, watch the progress, then confirm the types.
// The one upload widget: on the warehouse source (admins) it ends with a link to a dataset of
// the table; from the datasets pages (editors) `onTableReady` takes the table on from there.

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: UploadProgress | null }
  | { kind: 'review'; upload: UploadResult }
  | { kind: 'done'; table: string }
  /** Rows added to an existing table: nothing to review or keep. */
  | { kind: 'appended'; upload: UploadResult };

const MB = 1024 * 1024;

interface UploadPanelProps {
  sourceId: number;
  onTablesChanged?: () => void;
  /** Called with the confirmed table instead of offering a link to a dataset of it. */
  onTableReady?: (table: string) => void;
  /** Without its own heading inside a dialog that has one. */
  heading?: boolean;
  /** Told the uploaded table awaiting Keep or Discard, and null once there is none. */
  onPendingTable?: (table: string | null) => void;
}

export function UploadPanel({
  sourceId,
  onTablesChanged = () => {},
  onTableReady,
  heading = true,
  onPendingTable = () => {},
}: UploadPanelProps) {
  const translate = useTranslate();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState('');
  const [replace, setReplace] = useState(false);
  const [decimalSeparator, setDecimalSeparator] = useState<DecimalSeparatorName>('detect');
  const [thousandsSeparator, setThousandsSeparator] = useState<ThousandsSeparatorName>('detect');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  /** The table name is taken: the error offers to add the rows to it, or to replace it. */
  const [taken, setTaken] = useState(false);

  const choose = (chosen: File | undefined) => {
    setError(null);
    setStage({ kind: 'idle' });
    if (!chosen) return;
    const problem = uploadProblem(chosen);
    if (problem) {
      setFile(null);
      setError(translate(`analytics.upload.problem.${problem}`, { max: MAX_UPLOAD_BYTES / MB }));
      return;
    }
    setFile(chosen);
    setTable(tableNameFromFile(chosen.name));
  };

  const start = async ({ replacing = replace, appending = false } = {}) => {
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setTaken(false);
    setStage({ kind: 'uploading', progress: null });
    try {
      const upload = await uploadFile(sourceId, file, {
        table: table.trim() || undefined,
        replace: replacing,
        append: appending,
        decimalSeparator,
        thousandsSeparator,
        signal: controller.signal,
        onProgress: (progress) => setStage({ kind: 'uploading', progress }),
      });
      onTablesChanged();
      if (appending) {
        setStage({ kind: 'appended', upload });
        reset();
        return;
      }
      setStage({ kind: 'review', upload });
      onPendingTable(upload.table);
    } catch (failure) {
      setStage({ kind: 'idle' });
      if (failure instanceof CancelledError) setError(translate('analytics.upload.cancelled'));
      else setError(failure instanceof Error ? failure.message : String(failure));
      setTaken(failure instanceof HttpError && failure.status === 409);
    } finally {
      abortRef.current = null;
    }
  };

  const reset = () => {
    setFile(null);
    setTable('');
    if (inputRef.current) inputRef.current.value = '';
  };

  const percent =
    stage.kind === 'uploading' && stage.progress?.fraction != null
      ? Math.round(stage.progress.fraction * 100)
      : null;

  return (
    <Box component="section" aria-label={translate('analytics.upload.title')}>
      {heading && (
        <Typography variant="h6" component="h2">
          {translate('analytics.upload.title')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('analytics.upload.hint', { max: MAX_UPLOAD_BYTES / MB })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={stage.kind === 'uploading'}
        >
          {translate('analytics.upload.choose')}
          <input
            ref={inputRef}
            hidden
            type="file"
            accept={UPLOAD_ACCEPT}
            aria-label={translate('analytics.upload.file')}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
        {file && <Typography variant="body2">{file.name}</Typography>}
      </Box>
      {file && stage.kind !== 'review' && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
          <TextField
            size="small"
            label={translate('analytics.upload.table')}
            value={table}
            onChange={(event) => setTable(event.target.value)}
            disabled={stage.kind === 'uploading'}
          />
          <FormControlLabel
            control={
              <Checkbox checked={replace} onChange={(event) => setReplace(event.target.checked)} />
            }
            label={translate('analytics.upload.replace')}
            disabled={stage.kind === 'uploading'}
          />
          <SeparatorSelect
            label={translate('analytics.upload.decimalSeparator')}
            names={DECIMAL_SEPARATORS}
            value={decimalSeparator}
            onChange={setDecimalSeparator}
            hint={translate('analytics.upload.separatorsHint')}
            disabled={stage.kind === 'uploading'}
          />
          <SeparatorSelect
            label={translate('analytics.upload.thousandsSeparator')}
            names={THOUSANDS_SEPARATORS}
            value={thousandsSeparator}
            onChange={setThousandsSeparator}
            disabled={stage.kind === 'uploading'}
          />
          {stage.kind === 'uploading' ? (
            <Button color="inherit" onClick={() => abortRef.current?.abort()}>
              {translate('analytics.upload.cancel')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => start()}>
              {translate('analytics.upload.start')}
            </Button>
          )}
        </Box>
      )}
      {stage.kind === 'uploading' && (
        <Box sx={{ mt: 2, maxWidth: 480 }}>
          <LinearProgress
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            aria-label={translate('analytics.upload.progressLabel')}
          />
          <Typography variant="caption" role="status">
            {percent === null || percent >= 100
              ? translate('analytics.upload.processing')
              : translate('analytics.upload.progress', { percent })}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            taken && file ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button color="inherit" size="small" onClick={() => start({ appending: true })}>
                  {translate('analytics.upload.appendTaken')}
                </Button>
                <Button color="inherit" size="small" onClick={() => start({ replacing: true })}>
                  {translate('analytics.upload.replaceTaken')}
                </Button>
              </Box>
            ) : undefined
          }
        >
          {error}
        </Alert>
      )}
      {stage.kind === 'review' && (
        <Box sx={{ mt: 2 }}>
          <ColumnTypesConfirm
            sourceId={sourceId}
            upload={stage.upload}
            onConfirmed={(name) => {
              onPendingTable(null);
              reset();
              onTablesChanged();
              if (onTableReady) {
                setStage({ kind: 'idle' });
                onTableReady(name);
              } else setStage({ kind: 'done', table: name });
            }}
            onDiscarded={() => {
              onPendingTable(null);
              setStage({ kind: 'idle' });
              reset();
              onTablesChanged();
            }}
          />
        </Box>
      )}
      {stage.kind === 'appended' && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {translate('analytics.upload.appended', {
            table: stage.upload.table,
            smart_count: stage.upload.rowCount,
          })}
        </Alert>
      )}
      {stage.kind === 'done' && (
        <Alert
          severity="success"
          sx={{ mt: 2 }}
          action={
            <Button
              component={RouterLink}
              to={datasetFromTablePath(sourceId, stage.table)}
              size="small"
            >
              {translate('analytics.upload.createDataset')}
            </Button>
          }
        >
          {translate('analytics.upload.ready', { table: stage.table })}
        </Alert>
      )}
    </Box>
  );
}

/** A choice of how numbers written as text separate decimals or thousands ("Detect" first). */
function SeparatorSelect<Name extends string>({
  label,
  names,
  value,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  names: readonly Name[];
  value: Name;
  onChange: (name: Name) => void;
  disabled: boolean;
  hint?: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Name)}
      disabled={disabled}
      helperText={hint}
      sx={{ minWidth: 180 }}
    >
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {translate(`analytics.upload.separators.${name}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
