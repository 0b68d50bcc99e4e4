import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin that counts the writes (insert, update, delete) to each table made through
 * this process's metadata store, so in-memory caches of metadata rows can tell at once that
 * their rows may have changed (see WriteAwareCache). A write is counted when it is sent and
 * again when it has run, so a read that raced it is never kept.
 *
 * Raw SQL (`sql\`...\``) that writes counts as a write to every table.
 */
/** The tables a write changed, or 'raw' for raw SQL that may have changed any. */
export type WrittenTables = string[] | 'raw';

export class TableWriteWatcher implements KyselyPlugin {
  readonly #versions = new Map<string, number>();
  #rawWrites = 0;
  readonly #pending = new WeakMap<object, WrittenTables>();
  #afterWrite: ((written: WrittenTables) => Promise<void>) | undefined;

  /**
   * Calls `listener` after each write has run, before its caller goes on (other instances
   * hear of it through this: see plugins/sharedInvalidation.ts).
   */
  onWritten(listener: (written: WrittenTables) => Promise<void>): void {
    this.#afterWrite = listener;
  }

  /** Counts a write another instance made to the same store. */
  countElsewhere(written: WrittenTables): void {
    this.#count(written);
  }

  /** Changes whenever one of `tables` is written; compare two readings. */
  version(tables: readonly string[]): number {
    let sum = this.#rawWrites;
    for (const table of tables) sum += this.#versions.get(table) ?? 0;
    return sum;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenTables(args.node);
    if (written) {
      this.#count(written);
      this.#pending.set(args.queryId, written);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.#pending.get(args.queryId);
    if (written) {
      this.#count(written);
      await this.#afterWrite?.(written);
    }
    return args.result;
  }

  #count(written: WrittenTables): void {
    if (written === 'raw') {
      this.#rawWrites++;
      return;
    }
    for (const table of written) this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
  }
}

const RAW_WRITE = /\b(insert|update|delete|replace|drop|alter)\b/i;

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'AliasNode')
    return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind !== 'TableNode') return null;
  return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
}

function names(nodes: readonly (OperationNode | undefined)[]): string[] {
  return nodes.map(tableName).filter((name): name is string => name !== null);
}

/** The tables a query writes, 'raw' for raw SQL that may write, null for a read. */
function writtenTables(node: RootOperationNode): WrittenTables | null {
  switch (node.kind) {
    case 'InsertQueryNode':
      return names([node.into]);
    case 'UpdateQueryNode':
      return names([node.table]);
    case 'DeleteQueryNode':
      return names(node.from.froms);
    case 'MergeQueryNode':
      return names([node.into]);
    case 'RawNode':
      return RAW_WRITE.test(node.sqlFragments.join(' ')) ? 'raw' : null;
    default:
      return null;
  }
}

const watchers = new WeakMap<Kysely<never>, TableWriteWatcher>();

/** Remembers the watcher plugged into `db` (createDb does this). */
export function attachWriteWatcher<DB>(db: Kysely<DB>, watcher: TableWriteWatcher): void {
  watchers.set(db as unknown as Kysely<never>, watcher);
}

/** The write watcher of a store made by createDb; undefined for any other Kysely instance. */
export function writeWatcherOf<DB>(db: Kysely<DB>): TableWriteWatcher | undefined {
  return watchers.get(db as unknown as Kysely<never>);
}
