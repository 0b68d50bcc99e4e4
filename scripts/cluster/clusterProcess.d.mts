export interface ClusterProcess {
  dir: string;
  port: number;
  base: string;
  instanceUrl(index: number): string;
  /** The HTTP interface of ClickHouse shard `shard` (0-based). */
  clickhouseUrl(shard: number): string;
  output(): string;
  /** Ctrl+C; resolves with the script's exit code once the database and folder are dropped. */
  stop(): Promise<number | null>;
}

export function startClusterProcess(options: {
  instances: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ClusterProcess>;
