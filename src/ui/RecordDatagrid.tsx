import type { KeyboardEvent } from 'react';
import { Datagrid, DatagridBody, DatagridRow, type DatagridProps } from 'react-admin';

// Every list whose rows open a record: react-admin's Datagrid opens a row on a click only, so
// each row here is also a stop of the Tab order that opens on Enter or Space, with a visible
// focus ring.

/** Enter or Space on the row itself (not on a button or checkbox inside it) clicks it. */
function openOnEnterOrSpace(event: KeyboardEvent<HTMLTableRowElement>): void {
  if (event.target !== event.currentTarget) return;
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

const keyboardBody = (
  <DatagridBody row={<DatagridRow tabIndex={0} onKeyDown={openOnEnterOrSpace} />} />
);

const focusRing = {
  '& .RaDatagrid-row:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
  },
};

/** A Datagrid whose rows open (`rowClick`) by mouse and by keyboard alike. */
export function RecordDatagrid({ sx, ...props }: DatagridProps) {
  const opens = props.rowClick !== undefined && props.rowClick !== false;
  return (
    <Datagrid
      body={opens ? keyboardBody : undefined}
      sx={[focusRing, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}
