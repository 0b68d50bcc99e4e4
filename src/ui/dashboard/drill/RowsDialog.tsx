import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { QueryFilter, QuerySort } from '../../../../common/analytics';
import { ROWS_EXPORT_MAX, type RowsAnswer, type RowsRequest } from '../../../../common/api/drill';
import type { DrillContext } from '../../../../common/drill';
import { apiUrl, httpRequest } from '../../api/httpClient';
import { downloadFile, exportFileName, resultToCsv } from '../../charts/exporters';
import { fieldLabel } from './drillLabels';

// "View these rows": the dataset's rows behind a picked number, under the viewer's row
// policies (POST /api/v1/query/rows), a page at a time, sorted by any column, and saved as CSV.

export interface RowsView {
  datasetId: number;
  filters: QueryFilter[];
  /** the chart and the value, for the title and the file name */
  title: string;
}

const PAGE_SIZES = [25, 50, 100];

async function fetchRows(body: RowsRequest, signal?: AbortSignal): Promise<RowsAnswer> {
  const answer = await httpRequest<RowsAnswer>(apiUrl('/api/v1/query/rows'), {
    method: 'POST',
    body: JSON.stringify(body),
    signal,
  });
  return answer.data;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value.toLocaleString();
  return String(value);
}

export function RowsDialog({
  view,
  context,
  onClose,
}: {
  view: RowsView;
  context: DrillContext | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [sort, setSort] = useState<QuerySort | null>(null);
  const [exporting, setExporting] = useState(false);
  const request: RowsRequest = {
    datasetId: view.datasetId,
    filters: view.filters,
    sort: sort ? [sort] : [],
    offset: page * pageSize,
    limit: pageSize,
  };
  const answer = useQuery({
    queryKey: ['underlyingRows', request],
    queryFn: ({ signal }) => fetchRows(request, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = answer.data;

  const sortBy = (name: string) => {
    setPage(0);
    setSort((now) =>
      now?.key === name && now.dir === 'asc'
        ? { key: name, dir: 'desc' }
        : { key: name, dir: 'asc' },
    );
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchRows({ ...request, offset: 0, limit: ROWS_EXPORT_MAX });
      const columns = all.columns.map((column) => ({
        ...column,
        name: fieldLabel(context, column.name),
      }));
      downloadFile(
        exportFileName(view.title, 'csv'),
        resultToCsv({ columns, rows: all.rows }),
        'text/csv',
      );
      if (all.hasMore)
        notify('drill.rows.exportCapped', {
          type: 'info',
          messageArgs: { count: ROWS_EXPORT_MAX },
        });
    } catch (error) {
      notify('drill.rows.failed', {
        type: 'error',
        messageArgs: { message: (error as Error).message },
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby="rows-title"
    >
      <DialogTitle id="rows-title" dir="auto">
        {translate('drill.rows.title', { title: view.title })}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {answer.isFetching && <LinearProgress aria-label={translate('drill.rows.loading')} />}
        {answer.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {translate('drill.rows.failed', { message: (answer.error as Error).message })}
          </Alert>
        )}
        {data && data.rows.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('drill.rows.empty')}
          </Typography>
        )}
        {data && data.rows.length > 0 && (
          <TableContainer sx={{ maxHeight: phone ? undefined : '60vh' }}>
            <Table size="small" stickyHeader aria-label={translate('drill.rows.table')}>
              <TableHead>
                <TableRow>
                  {data.columns.map((column) => (
                    <TableCell
                      key={column.name}
                      sortDirection={sort?.key === column.name ? sort.dir : false}
                    >
                      <TableSortLabel
                        active={sort?.key === column.name}
                        direction={sort?.key === column.name ? sort.dir : 'asc'}
                        onClick={() => sortBy(column.name)}
                      >
                        {fieldLabel(context, column.name)}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((row, index) => (
                  <TableRow key={index}>
                    {row.map((value, column) => (
                      <TableCell
                        key={column}
                        align={typeof value === 'number' ? 'right' : 'left'}
                        dir={typeof value === 'number' ? 'ltr' : 'auto'}
                      >
                        {cellText(value)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
        <TablePagination
          component="div"
          sx={{ flex: 1 }}
          count={data ? (data.hasMore ? -1 : page * pageSize + data.rows.length) : 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={translate('drill.rows.perPage')}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </Box>
      <DialogActions>
        <Button onClick={() => void exportCsv()} disabled={exporting || !data?.rows.length}>
          {translate('drill.rows.downloadCsv')}
        </Button>
        <Button onClick={onClose}>{translate('drill.rows.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
