// Types of clickhouseShards.mjs for the benchmark, which loads the demo flights the same way.
export const DEMO_DATABASE: string;
/** The demo flights' row count; with `file`, the rows also written there tab-separated. */
export function readFlights(file?: string): Promise<number>;
/** One statement as the administrator on the ClickHouse HTTP port `httpPort`. */
export function clickhouseAdmin(
  httpPort: number,
  credentials: { admin: string },
  query: string,
  body?: unknown,
  settings?: Record<string, string | number>,
): Promise<string>;
