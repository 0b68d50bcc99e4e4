// Types of clickhouseDemoSource.mjs for the benchmark, which registers its source the same way.
export function registerClickhouseSource(
  base: string,
  options: { password: string; httpPort: number; readerPassword: string; database?: string },
): Promise<{ sourceId: number; datasetId: number }>;
