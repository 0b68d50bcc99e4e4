// How many times each source really ran a query (cache hits and joined flights do not
// count): lets tests and the benchmark check that identical queries run once.

export class QueryStats {
  private readonly bySource = new Map<string, number>();
  total = 0;

  record(accountId: number, sourceId: number): void {
    const key = `${accountId}:${sourceId}`;
    this.bySource.set(key, (this.bySource.get(key) ?? 0) + 1);
    this.total += 1;
  }

  executions(accountId: number, sourceId: number): number {
    return this.bySource.get(`${accountId}:${sourceId}`) ?? 0;
  }
}
