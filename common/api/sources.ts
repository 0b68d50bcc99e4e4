import { z } from 'zod';
import { SOURCE_TYPES, sourceTypeInfo, type SourceType } from '../sourceTypes';
import { QUERY_COLUMN } from './query';

// What /api/v1/datasources takes and answers: typed connection fields per source type, never
// a raw connection string. Read-only fields the web app sends back with a record (id,
// timestamps, config.hasPassword) are accepted and ignored; anything else unknown is a 400.

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};
const text = (max: number) => z.string(REQUIRED).trim().min(1, 'is required').max(max);
const name = text(100);
const readOnly = {
  id: z.number().int().positive().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
};

// A NUL or line break in a connection field is never part of a name or password, and would let
// it spill into the driver's startup message (database "x\u0000options=-c ...").
const CONTROL_MESSAGE = 'must not contain control characters (NUL, line breaks, tabs)';
const noControlCharacters = (value: string) =>
  ![...value].some((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
const connectionText = (max: number) => text(max).refine(noControlCharacters, CONTROL_MESSAGE);

const HOST_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9]([a-zA-Z0-9.-]{0,251}[a-zA-Z0-9])?)$/;

const PORT = z.number().int().min(1).max(65535);

const serverConfig = <Port extends z.ZodType<number | undefined, number | undefined>>(port: Port) =>
  z.strictObject({
    host: z
      .string(REQUIRED)
      .trim()
      .min(1, 'is required')
      .max(253)
      .regex(HOST_PATTERN, 'must be a host name or an IP address'),
    port,
    database: connectionText(128),
    user: connectionText(128),
    password: z
      .string()
      .max(1024)
      .refine(noControlCharacters, CONTROL_MESSAGE)
      .nullable()
      .optional()
      .describe('Write-only: omitted or empty on update keeps the stored one; null removes it.'),
    ssl: z.boolean().default(false),
    hasPassword: z.boolean().optional(),
  });

/** A file name relative to the tenant's sqlite folder: no absolute path, no `..`. */
const SQLITE_FILE = /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[A-Za-z0-9._/-]{1,200}$/;

const sqliteConfig = z.strictObject({
  file: z
    .string(REQUIRED)
    .trim()
    .regex(SQLITE_FILE, 'must be a relative file name (letters, digits, . _ - /) without ".."'),
});

const WAREHOUSE_CONFIG = z.strictObject({}).default({});

/** A network source's port: its default filled in, or, when TLS changes it, when saved. */
function portOf(type: SourceType) {
  const port = sourceTypeInfo(type).port!;
  return port.tls === undefined
    ? PORT.default(port.default)
    : PORT.optional().describe(
        `${port.reaches ?? 'The port'}: ${port.default} by default, ${port.tls} with ssl.`,
      );
}

/** The connection fields a source of `type` takes (common/sourceTypes.ts says how it is reached). */
function configOf(type: SourceType) {
  const connection = sourceTypeInfo(type).connection;
  if (connection === 'warehouse') return WAREHOUSE_CONFIG;
  if (connection === 'file') return sqliteConfig;
  return serverConfig(portOf(type));
}

const inputOf = (type: SourceType) =>
  z.strictObject({ ...readOnly, name, type: z.literal(type), config: configOf(type) });

/** Body of POST /datasources and PUT /datasources/{id}: one shape per source type. */
export const DATA_SOURCE_INPUT = z.discriminatedUnion(
  'type',
  SOURCE_TYPES.map(inputOf) as [ReturnType<typeof inputOf>, ...ReturnType<typeof inputOf>[]],
  { error: `must be one of ${SOURCE_TYPES.join(', ')}` },
);
export type DataSourceInput = z.infer<typeof DATA_SOURCE_INPUT>;

/** A source's stored connection fields as answered: never the password. */
const DATA_SOURCE_CONFIG = z.object({
  host: z.string().optional(),
  port: z.number().optional(),
  database: z.string().optional(),
  user: z.string().optional(),
  ssl: z.boolean().optional(),
  file: z.string().optional().describe("sqlite: a file name relative to the tenant's folder"),
  hasPassword: z.boolean().optional(),
});

const DATA_SOURCE = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(SOURCE_TYPES),
  config: DATA_SOURCE_CONFIG,
});
export type DataSource = z.infer<typeof DATA_SOURCE>;

/** A data source as the API answers it. */
export const DATA_SOURCE_RECORD = DATA_SOURCE.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataSourceRecord = z.infer<typeof DATA_SOURCE_RECORD>;

const SCHEMA_TABLE = z.object({
  name: z.string(),
  columns: z.array(QUERY_COLUMN),
  rowCount: z
    .number()
    .optional()
    .describe(
      'An estimate where the source keeps one (pg_class, information_schema), exact otherwise.',
    ),
});
export type SchemaTable = z.infer<typeof SCHEMA_TABLE>;

/** Answer of GET /datasources/{id}/schema. */
export const SOURCE_SCHEMA = z.object({ tables: z.array(SCHEMA_TABLE) });
export type SourceSchema = z.infer<typeof SOURCE_SCHEMA>;

/** Answer of POST /datasources/{id}/test. */
export const CONNECTION_TEST = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof CONNECTION_TEST>;
