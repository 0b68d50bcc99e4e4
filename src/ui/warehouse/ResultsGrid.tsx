import { useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslate } from 'react-admin';
import type { QueryColumn } from '../../../common/analytics';
import { columnWidth, formatCell, isNumericType, WIDTH_SAMPLE_ROWS } from './cellFormat';

// A virtualised result grid (data explorer, dataset preview): only the rows in view (plus a
// few above and below) are in the DOM, so 10,000 rows scroll smoothly. Sticky header,
// numbers right-aligned, null dimmed.

export const GRID_ROW_HEIGHT = 32;
const OVERSCAN = 8;

interface ResultsGridProps {
  columns: QueryColumn[];
  rows: unknown[][];
  /** Height of the scroll area in pixels. */
  height?: number;
  label?: string;
}

function Cell({
  value,
  column,
  numeric,
  nullText,
}: {
  value: unknown;
  column: QueryColumn;
  numeric: boolean;
  nullText: string;
}) {
  const isNull = value === null || value === undefined;
  return (
    <Box
      role="gridcell"
      sx={{
        px: 1,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        textAlign: numeric ? 'right' : 'left',
        fontVariantNumeric: numeric ? 'tabular-nums' : undefined,
        color: isNull ? 'text.disabled' : undefined,
        fontStyle: isNull ? 'italic' : undefined,
      }}
      data-null={isNull ? 'true' : undefined}
    >
      {isNull ? nullText : formatCell(value, column)}
    </Box>
  );
}

export function ResultsGrid({ columns, rows, height = 420, label }: ResultsGridProps) {
  const translate = useTranslate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const nullText = translate('analytics.grid.null');
  const numeric = columns.map((column) => isNumericType(column.type));
  const widths = useMemo(() => {
    const sample = rows.slice(0, WIDTH_SAMPLE_ROWS);
    return columns.map((column, index) =>
      columnWidth(
        column.name,
        column.type,
        sample.map((row) => row[index]),
      ),
    );
  }, [columns, rows]);
  const template = widths.map((width) => `${width}px`).join(' ');
  const totalWidth = widths.reduce((sum, width) => sum + width, 0);

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label={label ?? translate('analytics.grid.label')}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      sx={{
        height,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: 13,
        position: 'relative',
      }}
    >
      <Box
        role="row"
        aria-rowindex={1}
        sx={{
          display: 'grid',
          gridTemplateColumns: template,
          width: totalWidth,
          minWidth: '100%',
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          fontWeight: 600,
          lineHeight: `${GRID_ROW_HEIGHT}px`,
        }}
      >
        {columns.map((column, index) => (
          <Box
            key={`${column.name}-${index}`}
            role="columnheader"
            title={column.type}
            sx={{
              px: 1,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              textAlign: numeric[index] ? 'right' : 'left',
            }}
          >
            {column.name}
          </Box>
        ))}
      </Box>
      <Box sx={{ height: virtualizer.getTotalSize(), width: totalWidth, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <Box
            key={item.key}
            role="row"
            aria-rowindex={item.index + 2}
            sx={{
              display: 'grid',
              gridTemplateColumns: template,
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: GRID_ROW_HEIGHT,
              lineHeight: `${GRID_ROW_HEIGHT}px`,
              transform: `translateY(${item.start}px)`,
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: item.index % 2 ? 'action.hover' : undefined,
            }}
          >
            {columns.map((column, index) => (
              <Cell
                key={`${column.name}-${index}`}
                value={rows[item.index]?.[index]}
                column={column}
                numeric={numeric[index]}
                nullText={nullText}
              />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
