import { isTableFunctionThatReads, type FunctionCatalog } from './readingFunctions';

// What a SELECT does, read from DuckDB's own parse tree (json_serialize_sql): every function
// it calls and every relation it names, in the statement, its CTEs, sub-queries, joins and
// lambdas alike. The first thing that does more than read is the refusal.

/** A table or view of the warehouse, its names in lower case. */
export interface Relation {
  catalog: string;
  schema: string;
  name: string;
}

export interface TreeContext {
  functions: FunctionCatalog;
  /** The warehouse's own tables and views. */
  relations: readonly Relation[];
}

export interface Refusal {
  message: string;
  /** Byte offset into the checked SQL, when DuckDB's parser gave one. */
  location?: number;
}

type Node = Record<string, unknown>;

/** DuckDB's catalog views a query may read (none shows a setting or a file path). */
const SYSTEM_VIEWS: Record<string, ReadonlySet<string>> = {
  main: new Set(['duckdb_tables', 'duckdb_views', 'duckdb_columns']),
  information_schema: new Set(['tables', 'columns', 'views', 'schemata']),
};

/** The SHOW forms that list tables or databases (SHOW TABLES, SHOW ALL TABLES, DESCRIBE). */
const SHOW_LISTS = new Set(['"tables"', '"databases"', '__show_tables_expanded']);

const NOT_READING = 'a query on the warehouse may only read its tables.';

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function locationOf(node: Node): number | undefined {
  const location = node.query_location;
  return typeof location === 'number' && location < Number.MAX_SAFE_INTEGER ? location : undefined;
}

function refused(node: Node, message: string): Refusal {
  return { message, location: locationOf(node) };
}

function functionRefusal(node: Node, context: TreeContext): Refusal | null {
  const name = text(node.function_name);
  const lower = name.toLowerCase();
  if (context.functions.scalars.has(lower)) return null;
  if (!context.functions.known.has(lower))
    return refused(node, `Function ${name}() does not exist.`);
  return refused(node, `Function ${name}() is not allowed here: ${NOT_READING}`);
}

function tableFunctionRefusal(node: Node): Refusal | null {
  const call = isNode(node.function) ? node.function : {};
  const name = text(call.function_name);
  if (isTableFunctionThatReads(name)) return null;
  return refused(node, `Table function ${name}() is not allowed here: ${NOT_READING}`);
}

function isWarehouseRelation(
  catalog: string,
  schema: string,
  name: string,
  relations: readonly Relation[],
): boolean {
  return relations.some(
    (relation) =>
      relation.name === name &&
      (catalog === '' || catalog === relation.catalog) &&
      (schema === ''
        ? relation.schema === 'main'
        : relation.schema === schema ||
          // `x.table` names a database x as well as a schema x.
          (catalog === '' && relation.catalog === schema && relation.schema === 'main')),
  );
}

function isSystemView(catalog: string, schema: string, name: string): boolean {
  if (catalog !== '' && catalog !== 'system') return false;
  return SYSTEM_VIEWS[schema || 'main']?.has(name) ?? false;
}

/**
 * A name that is neither a visible CTE nor a table or view of the warehouse would make DuckDB
 * look for a file of that name (a replacement scan: `from 'staging/1/upload.csv'`).
 */
function relationRefusal(node: Node, ctes: ReadonlySet<string>, context: TreeContext) {
  const catalog = text(node.catalog_name).toLowerCase();
  const schema = text(node.schema_name).toLowerCase();
  const name = text(node.table_name);
  const lower = name.toLowerCase();
  if (catalog === '' && schema === '' && ctes.has(lower)) return null;
  if (isWarehouseRelation(catalog, schema, lower, context.relations)) return null;
  if (isSystemView(catalog, schema, lower)) return null;
  return refused(
    node,
    `Table with name ${name} does not exist in this warehouse: a query reads only the ` +
      "warehouse's own tables and views.",
  );
}

function showRefusal(node: Node): Refusal | null {
  const listed = text(node.table_name);
  if (listed === '' || SHOW_LISTS.has(listed)) return null;
  return refused(node, `SHOW ${listed.replace(/"/g, '')} is not allowed here: ${NOT_READING}`);
}

function ownRefusal(node: Node, ctes: ReadonlySet<string>, context: TreeContext): Refusal | null {
  if (typeof node.function_name === 'string') return functionRefusal(node, context);
  switch (node.type) {
    case 'TABLE_FUNCTION':
      return tableFunctionRefusal(node);
    case 'BASE_TABLE':
      return relationRefusal(node, ctes, context);
    case 'SHOW_REF':
      return showRefusal(node);
    default:
      return null;
  }
}

interface CteEntry {
  name: string;
  body: Node;
}

function cteEntries(node: Node): CteEntry[] {
  const map = isNode(node.cte_map) ? node.cte_map.map : undefined;
  if (!Array.isArray(map)) return [];
  return map.filter(isNode).map((entry) => ({
    name: text(entry.key).toLowerCase(),
    body: isNode(entry.value) ? entry.value : {},
  }));
}

function isRecursive(body: Node): boolean {
  const query = isNode(body.query) ? body.query : {};
  return isNode(query.node) && query.node.type === 'RECURSIVE_CTE_NODE';
}

function walkAll(values: unknown[], ctes: ReadonlySet<string>, context: TreeContext) {
  for (const value of values) {
    const refusal = walk(value, ctes, context);
    if (refusal) return refusal;
  }
  return null;
}

/** The node's children but its CTEs; a table function's arguments, not its name (checked). */
function childrenOf(node: Node): unknown[] {
  return Object.entries(node).flatMap(([key, child]) => {
    if (key === 'cte_map') return [];
    if (node.type === 'TABLE_FUNCTION' && key === 'function' && isNode(child)) {
      return Object.entries(child)
        .filter(([inner]) => inner !== 'function_name')
        .map(([, argument]) => argument);
    }
    return [child];
  });
}

/**
 * A CTE's body sees the CTEs before it (and itself when recursive); the rest of the node
 * sees them all. A name out of scope would reach the catalog, or a file.
 */
function walkNode(node: Node, ctes: ReadonlySet<string>, context: TreeContext): Refusal | null {
  const own = ownRefusal(node, ctes, context);
  if (own) return own;
  let visible = ctes;
  for (const entry of cteEntries(node)) {
    const seen = isRecursive(entry.body) ? new Set([...visible, entry.name]) : visible;
    const refusal = walk(entry.body, seen, context);
    if (refusal) return refusal;
    visible = new Set([...visible, entry.name]);
  }
  return walkAll(childrenOf(node), visible, context);
}

function walk(value: unknown, ctes: ReadonlySet<string>, context: TreeContext): Refusal | null {
  if (Array.isArray(value)) return walkAll(value, ctes, context);
  return isNode(value) ? walkNode(value, ctes, context) : null;
}

/** The first thing in the statement's parse tree that does more than read, or null. */
export function refusalInStatement(statement: unknown, context: TreeContext): Refusal | null {
  return walk(statement, new Set(), context);
}
