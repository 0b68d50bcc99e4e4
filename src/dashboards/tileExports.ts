import type { QueryResult } from '../model/analytics';

// Saving a tile's data or picture as a file the browser downloads.

function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** A file name from a chart title: letters, digits and dashes only. */
export function exportFileName(title: string, extension: string): string {
  const base =
    title
      .trim()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'chart';
  return `${base}.${extension}`;
}

export function downloadCsv(csv: string, title: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  download(url, exportFileName(title, 'csv'));
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The tile's drawn canvas as a PNG, or false when the tile has no canvas (table, KPI). */
export function downloadPng(tile: HTMLElement | null, title: string): boolean {
  const canvas = tile?.querySelector('canvas');
  if (!canvas) return false;
  download(canvas.toDataURL('image/png'), exportFileName(title, 'png'));
  return true;
}

export type CsvWriter = (result: QueryResult) => string;
