// What the warehouse accepts as an upload (CSV, Parquet or JSON, up to 200 MB).

export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

const UPLOAD_EXTENSIONS = ['.csv', '.tsv', '.parquet', '.json', '.jsonl', '.ndjson'];

/** The `accept` attribute of the file picker. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.join(',');

type UploadProblem = 'tooLarge' | 'wrongType' | 'empty';

/** Why a file cannot be uploaded, or null when it may be sent. */
export function uploadProblem(file: { name: string; size: number }): UploadProblem | null {
  const name = file.name.toLowerCase();
  if (!UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** A table name proposed from a file name: `Sales 2024.csv` -> `sales_2024`. */
export function tableNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').toLowerCase();
  const cleaned = base.replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (cleaned === '') return 'upload';
  return /^[0-9]/.test(cleaned) ? `t_${cleaned}` : cleaned.slice(0, 63);
}
