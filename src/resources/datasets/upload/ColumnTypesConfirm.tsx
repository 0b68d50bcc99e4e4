import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueryColumn } from '../../../../common/analytics';
import type { UploadResult } from '../../../../common/api/uploads';
import { dropTable, setColumnTypes } from '../../../ui/warehouse/analyticsApi';
import { typeChoicesFor, WAREHOUSE_TYPES } from './warehouseTypes';

// After an upload: the inferred columns and types for confirmation. A type can be changed
// (the server converts the column), the table kept as it is, or discarded.

interface ColumnTypesConfirmProps {
  sourceId: number;
  upload: UploadResult;
  onConfirmed: (table: string) => void;
  onDiscarded: () => void;
}

function initialType(type: string): string {
  const upper = type.toUpperCase();
  return (WAREHOUSE_TYPES as readonly string[]).includes(upper) ? upper : type;
}

export function ColumnTypesConfirm({
  sourceId,
  upload,
  onConfirmed,
  onDiscarded,
}: ColumnTypesConfirmProps) {
  const translate = useTranslate();
  const [types, setTypes] = useState(() =>
    upload.columns.map((column) => initialType(column.type)),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const readAsDates = new Set((upload.datesFromText ?? []).map((column) => column.name));
  const changed = upload.columns.some((column, index) => initialType(column.type) !== types[index]);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    act(async () => {
      if (changed) {
        const columns: QueryColumn[] = upload.columns.map((column, index) => ({
          name: column.name,
          type: types[index],
        }));
        await setColumnTypes(sourceId, upload.table, columns);
      }
      onConfirmed(upload.table);
    });

  // The Upload button that had the focus is gone: the review takes it, so the keyboard (and
  // Escape, which the dialog hears only from within) carries on here.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const discard = () =>
    act(async () => {
      await dropTable(sourceId, upload.table);
      onDiscarded();
    });

  return (
    <Box
      component="section"
      aria-label={translate('analytics.upload.reviewTitle', { table: upload.table })}
    >
      <Typography variant="subtitle1" component="h3" ref={headingRef} tabIndex={-1}>
        {translate('analytics.upload.reviewTitle', { table: upload.table })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('analytics.upload.reviewText', {
          rows: upload.rowCount.toLocaleString(),
          columns: upload.columns.length,
        })}
      </Typography>
      <Table size="small" sx={{ maxWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('analytics.upload.column')}</TableCell>
            <TableCell>{translate('analytics.upload.type')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {upload.columns.map((column, index) => (
            <TableRow key={column.name}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{column.name}</TableCell>
              <TableCell>
                <Select
                  size="small"
                  value={types[index]}
                  disabled={busy}
                  inputProps={{
                    'aria-label': translate('analytics.upload.typeOf', { column: column.name }),
                  }}
                  onChange={(event) =>
                    setTypes(
                      types.map((type, at) => (at === index ? String(event.target.value) : type)),
                    )
                  }
                >
                  {typeChoicesFor(column.type).map((choice) => (
                    <MenuItem key={choice} value={initialType(choice)}>
                      {initialType(choice)}
                    </MenuItem>
                  ))}
                </Select>
                {readAsDates.has(column.name) && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {translate('analytics.upload.datesFromText')}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={confirm} disabled={busy}>
          {translate(changed ? 'analytics.upload.applyTypes' : 'analytics.upload.confirm')}
        </Button>
        <Button color="error" onClick={discard} disabled={busy}>
          {translate('analytics.upload.discard')}
        </Button>
      </Box>
    </Box>
  );
}
