import { useState } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { useTranslate } from 'react-admin';
import type { SchemaTable } from '../../../common/api/sources';
import type { SchemaState } from './useSchema';
import { useFormats } from '../i18n/formats';

// The tables of a source with their row-count estimate; each expands to its columns and types.
// With `onPick`, clicking a table or column name hands the name to the caller (the explorer
// inserts it into the editor).

interface SchemaBrowserProps {
  state: SchemaState;
  onPick?: (name: string) => void;
  /** Extra actions shown beside a table (e.g. "Create dataset"). */
  tableActions?: (table: SchemaTable) => React.ReactNode;
}

function TableEntry({
  table,
  onPick,
  actions,
}: {
  table: SchemaTable;
  onPick?: (name: string) => void;
  actions?: React.ReactNode;
}) {
  const translate = useTranslate();
  const formats = useFormats();
  const [open, setOpen] = useState(false);
  const toggleLabel = translate(open ? 'analytics.schema.collapse' : 'analytics.schema.expand', {
    table: table.name,
  });
  const rows =
    table.rowCount === undefined
      ? undefined
      : translate('analytics.schema.rows', { count: formats.number(table.rowCount) });
  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={actions}
        sx={{ '& .MuiListItemSecondaryAction-root': { right: 4 } }}
      >
        <IconButton size="small" aria-label={toggleLabel} onClick={() => setOpen(!open)}>
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <ListItemButton
          dense
          onClick={() => (onPick ? onPick(table.name) : setOpen(!open))}
          title={onPick ? translate('analytics.schema.insert', { name: table.name }) : undefined}
        >
          <TableRowsIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
          <ListItemText primary={table.name} secondary={rows} />
        </ListItemButton>
      </ListItem>
      <Collapse in={open} unmountOnExit>
        <List
          dense
          disablePadding
          aria-label={translate('analytics.schema.columnsOf', { table: table.name })}
        >
          {table.columns.map((column) => {
            const text = (
              <ListItemText
                primary={column.name}
                secondary={column.type}
                slotProps={{ secondary: { sx: { fontFamily: 'monospace' } } }}
              />
            );
            return onPick ? (
              <ListItemButton
                key={column.name}
                dense
                sx={{ pl: 7 }}
                onClick={() => onPick(column.name)}
              >
                {text}
              </ListItemButton>
            ) : (
              <ListItem key={column.name} dense sx={{ pl: 7 }}>
                {text}
              </ListItem>
            );
          })}
        </List>
      </Collapse>
    </>
  );
}

export function SchemaBrowser({ state, onPick, tableActions }: SchemaBrowserProps) {
  const translate = useTranslate();
  const [filter, setFilter] = useState('');
  if (state.loading) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
        <CircularProgress size={18} />
        <Typography variant="body2">{translate('analytics.schema.loading')}</Typography>
      </Box>
    );
  }
  if (state.error) {
    return (
      <Alert severity="error">
        {translate('analytics.schema.failed', { message: state.error })}
      </Alert>
    );
  }
  const tables = state.schema?.tables ?? [];
  if (tables.length === 0) {
    return <Alert severity="info">{translate('analytics.schema.empty')}</Alert>;
  }
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? tables.filter(
        (table) =>
          table.name.toLowerCase().includes(needle) ||
          table.columns.some((column) => column.name.toLowerCase().includes(needle)),
      )
    : tables;
  return (
    <Box>
      {tables.length > 8 && (
        <TextField
          size="small"
          fullWidth
          label={translate('analytics.schema.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ mb: 1 }}
        />
      )}
      <List dense aria-label={translate('analytics.schema.tables')}>
        {shown.map((table) => (
          <TableEntry
            key={table.name}
            table={table}
            onPick={onPick}
            actions={tableActions?.(table)}
          />
        ))}
      </List>
    </Box>
  );
}
