import { z } from 'zod';
import { QUERY_COLUMN } from './query';

// What the warehouse upload routes under /api/v1/datasources/{id} take and answer.

const YES_OR_NO = z.enum(['true', 'false', '1', '0']).optional();
const REPLACE = YES_OR_NO.describe('Replace a table of the same name instead of answering 409.');
const APPEND = YES_OR_NO.describe(
  "Add the file's rows to the table of that name (its columns, by name; a column the file lacks is empty).",
);

/** Separators of numbers written as text ("1.207,84"); `detect` reads them from the values. */
export const DECIMAL_SEPARATORS = ['detect', 'dot', 'comma'] as const;
export const THOUSANDS_SEPARATORS = [
  'detect',
  'none',
  'dot',
  'comma',
  'space',
  'apostrophe',
] as const;
export type DecimalSeparatorName = (typeof DECIMAL_SEPARATORS)[number];
export type ThousandsSeparatorName = (typeof THOUSANDS_SEPARATORS)[number];

/** POST /datasources/{id}/upload, a multipart form: the file, streamed, and its options. */
export const UPLOAD_FORM = z.strictObject({
  file: z.string().meta({ format: 'binary', description: 'A CSV, Parquet or JSON file.' }),
  table: z.string().max(255).optional().describe('The table name; by default the file name.'),
  replace: REPLACE,
  append: APPEND,
  decimalSeparator: z
    .enum(DECIMAL_SEPARATORS)
    .optional()
    .describe('The decimal separator of numbers written as text; by default detected.'),
  thousandsSeparator: z
    .enum(THOUSANDS_SEPARATORS)
    .optional()
    .describe('The thousands separator of numbers written as text; by default detected.'),
});

/** The upload's query string: `replace` or `append` may come here instead of in the form. */
export const UPLOAD_QUERY = z.strictObject({ replace: REPLACE, append: APPEND });

/** Body of PUT /datasources/{id}/tables/{table}/types. */
export const COLUMN_TYPES_REQUEST = z.strictObject({
  columns: z
    .array(z.strictObject({ name: z.string().min(1).max(255), type: z.string().min(1).max(40) }))
    .min(1, 'must list at least one column')
    .max(2000),
});

/** A text column the server read as dates, with the format its values were written in. */
const TEXT_DATE_COLUMN = z.object({ name: z.string(), format: z.string() });

/** Answer of an upload and of a column types change. */
export const UPLOADED_TABLE = z.object({
  table: z.string(),
  columns: z.array(QUERY_COLUMN),
  rowCount: z.number(),
  datesFromText: z.array(TEXT_DATE_COLUMN).optional(),
});
export type UploadResult = z.infer<typeof UPLOADED_TABLE>;

/** Answer of DELETE /datasources/{id}/tables/{table}. */
export const DROPPED_TABLE = z.object({ table: z.string() });
