import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  Paper,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import SaveIcon from '@mui/icons-material/Save';
import { Title, useTranslate } from 'react-admin';
import { SchemaBrowser } from '../../ui/warehouse/SchemaBrowser';
import { useSchema } from '../../ui/warehouse/useSchema';
import { useSources } from '../../ui/warehouse/useSources';
import { readLastSource, readLastSql, writeLastSource, writeLastSql } from './explorerStorage';
import { ExplorerResults } from './ExplorerResults';
import { SaveAsDatasetDialog } from './SaveAsDatasetDialog';
import { SourcePicker } from './SourcePicker';
import { SqlEditor, type SqlEditorHandle } from './SqlEditor';
import { runShortcutLabel } from './runKeys';
import { sqlIdentifier } from './sqlIdentifier';
import { useSqlRun } from './useSqlRun';

// The data explorer (/data-explorer): pick a source, browse its schema, write SQL, run it
// (Ctrl+Enter), cancel it, see the rows, save the query as a dataset.

export default function DataExplorerPage() {
  const translate = useTranslate();
  const { data: sources, isPending, error: sourcesError } = useSources();
  const [chosen, setChosen] = useState<number | null>(() => readLastSource());
  const sourceId = useMemo(() => {
    if (!sources || sources.length === 0) return null;
    return sources.some((source) => source.id === chosen) ? chosen : sources[0].id;
  }, [sources, chosen]);
  const source = sources?.find((candidate) => candidate.id === sourceId);
  const schema = useSchema(sourceId);
  const editorRef = useRef<SqlEditorHandle>(null);
  const [sql, setSql] = useState('');
  const [saving, setSaving] = useState(false);
  const { state, run, cancel, reset } = useSqlRun();
  const runKeys = runShortcutLabel();
  // On phones the schema browser is a drawer opened by a button, not a column beside the editor.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (sourceId === null) return;
    setSql(readLastSql(sourceId) ?? '');
    reset();
  }, [sourceId, reset]);

  const chooseSource = (next: number) => {
    writeLastSource(next);
    setChosen(next);
  };

  const changeSql = (text: string) => {
    setSql(text);
    if (sourceId !== null) writeLastSql(sourceId, text);
  };

  const runQuery = async () => {
    const editor = editorRef.current;
    if (sourceId === null || !editor) return;
    const { sql: text, lineOffset } = editor.sqlToRun();
    if (text.trim() === '') return;
    editor.showError(undefined);
    const outcome = await run(sourceId, text);
    if (outcome.status === 'error' && outcome.error.line) {
      editor.showError(outcome.error.line + lineOffset, outcome.error.message);
    }
  };

  if (isPending) {
    return (
      <Box sx={{ p: 3, display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} />
        <Typography>{translate('analytics.explorer.loadingSources')}</Typography>
      </Box>
    );
  }
  if (sourcesError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('analytics.explorer.sourcesFailed', {
          message: sourcesError instanceof Error ? sourcesError.message : String(sourcesError),
        })}
      </Alert>
    );
  }
  if (!sources || sources.length === 0 || sourceId === null) {
    return (
      <Paper sx={{ p: 3, mt: 2 }}>
        <Title title={translate('analytics.explorer.title')} />
        <Alert severity="info">{translate('analytics.explorer.noSources')}</Alert>
      </Paper>
    );
  }

  const running = state.status === 'running';
  const sidebar = (
    <Box sx={{ p: 2 }} component="aside" aria-label={translate('analytics.schema.title')}>
      <SourcePicker sources={sources} value={sourceId} onChange={chooseSource} />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('analytics.schema.title')}
      </Typography>
      <SchemaBrowser
        state={schema}
        onPick={(name) => {
          setDrawerOpen(false);
          editorRef.current?.insert(sqlIdentifier(name, source?.type));
        }}
      />
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
        gap: 2,
        mt: 2,
      }}
    >
      <Title title={translate('analytics.explorer.title')} />
      {narrow ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: 'min(320px, 85vw)' } } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Paper sx={{ maxHeight: 'calc(100vh - 120px)', overflow: 'auto', alignSelf: 'start' }}>
          {sidebar}
        </Paper>
      )}
      <Paper sx={{ p: 2, minWidth: 0 }}>
        {narrow && (
          <Button
            size="small"
            startIcon={<AccountTreeIcon />}
            onClick={() => setDrawerOpen(true)}
            sx={{ mb: 1 }}
          >
            {translate('analytics.explorer.schemaDrawer')}
          </Button>
        )}
        <SqlEditor
          key={sourceId}
          ref={editorRef}
          initialSql={readLastSql(sourceId) ?? ''}
          sourceType={source?.type}
          schema={schema.schema}
          onChange={changeSql}
          onRun={() => void runQuery()}
          label={translate('analytics.explorer.editor')}
          placeholderText={translate('analytics.explorer.placeholder')}
        />
        <Box sx={{ display: 'flex', gap: 1, my: 2, flexWrap: 'wrap' }}>
          <Tooltip title={runKeys}>
            <span>
              <Button
                variant="contained"
                startIcon={<PlayArrowIcon />}
                onClick={() => void runQuery()}
                disabled={running || sql.trim() === ''}
              >
                {translate('analytics.explorer.run')}
              </Button>
            </span>
          </Tooltip>
          <Button startIcon={<StopIcon />} onClick={cancel} disabled={!running}>
            {translate('analytics.explorer.cancel')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            startIcon={<SaveIcon />}
            onClick={() => setSaving(true)}
            disabled={sql.trim() === ''}
          >
            {translate('analytics.explorer.saveAsDataset')}
          </Button>
        </Box>
        <ExplorerResults state={state} runKeys={runKeys} />
      </Paper>
      {saving && (
        <SaveAsDatasetDialog open sourceId={sourceId} sql={sql} onClose={() => setSaving(false)} />
      )}
    </Box>
  );
}
