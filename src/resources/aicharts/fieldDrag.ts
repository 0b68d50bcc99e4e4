// Drag and drop of dataset fields from the field list onto the builder's wells.

const FIELD_DRAG_TYPE = 'application/x-brandboard-field';
/** Stands for "count of rows" when dragged onto the measures. */
export const COUNT_ROWS = '*';

export type Well = 'dimensions' | 'measures' | 'series' | 'filters';
export const WELLS: Well[] = ['dimensions', 'measures', 'series', 'filters'];

export function dragProps(fieldName: string) {
  return {
    draggable: true,
    onDragStart: (event: React.DragEvent) => {
      event.dataTransfer.setData(FIELD_DRAG_TYPE, fieldName);
      event.dataTransfer.effectAllowed = 'copy';
    },
  };
}

export function dropProps(onField: (fieldName: string) => void) {
  return {
    onDragOver: (event: React.DragEvent) => {
      if (event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: React.DragEvent) => {
      const name = event.dataTransfer.getData(FIELD_DRAG_TYPE);
      if (!name) return;
      event.preventDefault();
      onField(name);
    },
  };
}
