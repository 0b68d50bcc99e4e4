import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { QueryResult } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import type { ColumnLabeler } from './options/types';
import { tableModel, type TableSort } from './tableModel';

// The table chart: click a header to sort (again to reverse), pages below.

interface ChartTableProps {
  spec: ChartSpec;
  result: QueryResult;
  height: number | string;
  labelOf: ColumnLabeler;
}

export function ChartTable({ spec, result, height, labelOf }: ChartTableProps) {
  const translate = useTranslate();
  const [sort, setSort] = useState<TableSort | undefined>();
  const [page, setPage] = useState(0);
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  useEffect(() => setPage(0), [result]);
  const model = tableModel(spec, result, { sort, page }, labelOf);

  const toggleSort = (column: string) => {
    setSort((current) =>
      current?.column === column
        ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { column, dir: 'asc' },
    );
    setPage(0);
  };

  return (
    <Box
      data-chart-state={rendered ? 'drawn' : 'drawing'}
      sx={{ height, minHeight: 120, display: 'flex', flexDirection: 'column' }}
    >
      <TableContainer sx={{ flex: 1, overflow: 'auto' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {model.columns.map((column) => (
                <TableCell
                  key={column.name}
                  align={column.align}
                  sortDirection={model.sort?.column === column.name ? model.sort.dir : false}
                >
                  <TableSortLabel
                    active={model.sort?.column === column.name}
                    direction={model.sort?.column === column.name ? model.sort.dir : 'asc'}
                    onClick={() => toggleSort(column.name)}
                    title={translate('chartView.table.sortBy', { column: column.label })}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {model.rows.map((row, rowIndex) => (
              <TableRow key={model.page * model.pageSize + rowIndex}>
                {model.columns.map((column) => (
                  <TableCell key={column.name} align={column.align}>
                    {/* numbers and dates keep their own direction in a right-to-left page */}
                    <bdi>{column.format(row[column.index])}</bdi>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {model.pageCount > 1 ? (
        <TablePagination
          component="div"
          count={model.total}
          page={model.page}
          rowsPerPage={model.pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) =>
            translate('chartView.table.rowsOfTotal', { from, to, count })
          }
        />
      ) : null}
    </Box>
  );
}
