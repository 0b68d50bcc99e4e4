import {
  alpha,
  Box,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  useTheme,
} from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { QueryResult } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import {
  chartPivotModel,
  pivotCell,
  pivotGroupKeys,
  pivotShade,
  visiblePivotRows,
  type BuiltPivot,
  type PivotHeaderCell,
  type PivotSort,
  type PivotVisibleRow,
} from '../../../common/pivot';
import { usePivotWords } from './pivotWords';
import type { ColumnLabeler } from './options/types';

// The pivot table chart: row groups that fold (a button per group, keyboard operable), header
// cells that sort the rows under each group (click or Enter), subtotals and totals in bold,
// cells shaded on their measure's scale when asked. The header and the row labels stay in
// view while the table scrolls; inline-start/end keep it mirrored right to left.

interface ChartPivotProps {
  spec: ChartSpec;
  result: QueryResult;
  height: number | string;
  labelOf: ColumnLabeler;
}

function nextSort(current: PivotSort | undefined, by: PivotSort['by']): PivotSort {
  return current?.by === by
    ? { by, dir: current.dir === 'asc' ? 'desc' : 'asc' }
    : { by, dir: 'asc' };
}

const stickyHeader = { position: 'sticky', top: 0, zIndex: 2 } as const;

function RowLabel({
  row,
  text,
  onToggle,
}: {
  row: PivotVisibleRow;
  text: string;
  onToggle: (key: string) => void;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  return (
    <TableCell
      component="th"
      scope="row"
      sx={{
        position: 'sticky',
        insetInlineStart: 0,
        zIndex: 1,
        bgcolor: 'background.paper',
        whiteSpace: 'nowrap',
        fontWeight: row.node.kind === 'leaf' ? 400 : 600,
        paddingInlineStart: 1 + row.depth * 2.5 + (row.expandable ? 0 : 4),
      }}
    >
      {row.expandable ? (
        <IconButton
          size="small"
          aria-expanded={row.expanded}
          aria-label={translate(
            row.expanded ? 'chartView.pivot.collapse' : 'chartView.pivot.expand',
            {
              group: text,
            },
          )}
          onClick={() => onToggle(row.node.key)}
          sx={{ marginInlineEnd: 0.5 }}
        >
          {row.expanded ? (
            <KeyboardArrowDownIcon fontSize="small" />
          ) : (
            <KeyboardArrowRightIcon
              fontSize="small"
              sx={rtl ? { transform: 'scaleX(-1)' } : undefined}
            />
          )}
        </IconButton>
      ) : null}
      <bdi>{text}</bdi>
    </TableCell>
  );
}

function SortableHeader({
  label,
  by,
  sort,
  onSort,
}: {
  label: string;
  by: PivotSort['by'];
  sort: PivotSort | undefined;
  onSort: (by: PivotSort['by']) => void;
}) {
  const translate = useTranslate();
  const active = sort?.by === by;
  return (
    <TableSortLabel
      active={active}
      direction={active ? sort.dir : 'asc'}
      onClick={() => onSort(by)}
      title={translate('chartView.table.sortBy', { column: label })}
    >
      <bdi>{label}</bdi>
    </TableSortLabel>
  );
}

/** One button folding every group, or opening them all once every group is folded. */
function FoldAll({ folded, onFold }: { folded: boolean; onFold: (fold: boolean) => void }) {
  const translate = useTranslate();
  return (
    <IconButton
      size="small"
      aria-label={translate(folded ? 'chartView.pivot.expandAll' : 'chartView.pivot.collapseAll')}
      onClick={() => onFold(!folded)}
      sx={{ marginInlineEnd: 0.5 }}
    >
      {folded ? <UnfoldMoreIcon fontSize="small" /> : <UnfoldLessIcon fontSize="small" />}
    </IconButton>
  );
}

function PivotHead({
  model,
  headerText,
  cornerText,
  sort,
  onSort,
  fold,
}: {
  model: BuiltPivot;
  headerText: (cell: PivotHeaderCell) => string;
  cornerText: string;
  sort: PivotSort | undefined;
  onSort: (by: PivotSort['by']) => void;
  /** whether every group is folded, and how to fold or open them all; none without groups */
  fold: { folded: boolean; onFold: (fold: boolean) => void } | null;
}) {
  const rowCount = model.headerRows.length;
  const ariaSort = (by: PivotSort['by']) =>
    sort?.by === by ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <TableHead sx={{ ...stickyHeader, bgcolor: 'background.paper' }}>
      {model.headerRows.map((cells, rowIndex) => (
        <TableRow key={rowIndex}>
          {rowIndex === 0 ? (
            <TableCell
              rowSpan={rowCount}
              aria-sort={ariaSort('label')}
              sx={{
                position: 'sticky',
                insetInlineStart: 0,
                zIndex: 3,
                bgcolor: 'background.paper',
                verticalAlign: 'bottom',
              }}
            >
              {fold ? <FoldAll {...fold} /> : null}
              <SortableHeader label={cornerText} by="label" sort={sort} onSort={onSort} />
            </TableCell>
          ) : null}
          {cells.map((cell) => {
            const text = headerText(cell);
            const sortable = cell.sortLeaf !== undefined;
            return (
              <TableCell
                key={`${cell.row}-${cell.leaf}`}
                colSpan={cell.colSpan}
                rowSpan={cell.rowSpan}
                align={cell.colSpan === 1 ? 'right' : 'center'}
                aria-sort={sortable ? ariaSort(cell.sortLeaf!) : undefined}
                sx={{
                  bgcolor: 'background.paper',
                  fontWeight: cell.kind === 'value' || cell.kind === 'measure' ? 500 : 700,
                  whiteSpace: 'nowrap',
                }}
              >
                {sortable ? (
                  <SortableHeader label={text} by={cell.sortLeaf!} sort={sort} onSort={onSort} />
                ) : (
                  <bdi>{text}</bdi>
                )}
              </TableCell>
            );
          })}
        </TableRow>
      ))}
    </TableHead>
  );
}

export function ChartPivot({ spec, result, height, labelOf }: ChartPivotProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [sort, setSort] = useState<PivotSort | undefined>();
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  const model = useMemo(() => chartPivotModel(spec, result), [spec, result]);
  const words = usePivotWords(spec, result, labelOf);
  useEffect(() => {
    setCollapsed(new Set());
    setSort(undefined);
  }, [model]);
  const rows = visiblePivotRows(model, collapsed, sort);
  const groupKeys = useMemo(() => pivotGroupKeys(model), [model]);
  const fold =
    groupKeys.length === 0
      ? null
      : {
          folded: groupKeys.every((key) => collapsed.has(key)),
          onFold: (folding: boolean) => setCollapsed(new Set(folding ? groupKeys : [])),
        };
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const headerText = (cell: PivotHeaderCell) => {
    if (cell.kind === 'value') return words.value(cell.field ?? '', cell.value);
    if (cell.kind === 'subtotal') return words.subtotal(words.value(cell.field ?? '', cell.value));
    if (cell.kind === 'total') return words.total;
    return words.measure(cell.measure ?? '');
  };
  const cornerText = model.rowFields.map((field) => words.field(field)).join(' › ') || words.total;
  const rowText = (row: PivotVisibleRow) =>
    row.node.kind === 'total'
      ? words.total
      : words.value(model.rowFields[row.depth], row.node.path[row.depth]);
  const shadeOf = (shade: number | null) =>
    shade === null ? undefined : alpha(theme.palette.primary.main, 0.06 + shade * 0.4);

  return (
    <Box
      data-chart-state={rendered ? 'drawn' : 'drawing'}
      sx={{ height, minHeight: 120, overflow: 'auto', WebkitOverflowScrolling: 'touch' }}
    >
      <Table size="small" aria-label={spec.title || translate('chartView.pivot.label')}>
        <PivotHead
          model={model}
          headerText={headerText}
          cornerText={cornerText}
          sort={sort}
          onSort={(by) => setSort((current) => nextSort(current, by))}
          fold={fold}
        />
        <TableBody>
          {rows.map((row) => {
            const strong = row.node.kind !== 'leaf';
            return (
              <TableRow
                key={row.node.key}
                data-pivot-row={row.node.kind}
                sx={
                  row.node.kind === 'total'
                    ? { '& > *': { borderTop: 2, borderTopColor: 'divider' } }
                    : undefined
                }
              >
                <RowLabel row={row} text={rowText(row)} onToggle={toggle} />
                {model.leaves.map((leaf, index) => {
                  const value = pivotCell(model, row.node, leaf);
                  const measure = model.measures[leaf.measure];
                  return (
                    <TableCell
                      key={index}
                      align="right"
                      sx={{
                        fontWeight: strong || leaf.kind !== 'cell' ? 600 : 400,
                        bgcolor: shadeOf(pivotShade(model, row.node, leaf, value)),
                        whiteSpace: 'nowrap',
                      }}
                    >
                      <bdi>{value === null ? '' : words.number(measure, value)}</bdi>
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
