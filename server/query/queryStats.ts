// How many times each source really ran a query (cache hits and joined flights do not
// count), and how many are running now: lets tests and the benchmark check that identical
// queries run once and that a cancelled query stops.

export class QueryStats {
  private readonly executed = new Map<string, number>();
  private readonly active = new Map<string, number>();
  total = 0;

  started(accountId: number, sourceId: number): void {
    const key = `${accountId}:${sourceId}`;
    this.executed.set(key, (this.executed.get(key) ?? 0) + 1);
    this.active.set(key, (this.active.get(key) ?? 0) + 1);
    this.total += 1;
  }

  finished(accountId: number, sourceId: number): void {
    const key = `${accountId}:${sourceId}`;
    this.active.set(key, Math.max(0, (this.active.get(key) ?? 0) - 1));
  }

  /** Executions started at the source. */
  executions(accountId: number, sourceId: number): number {
    return this.executed.get(`${accountId}:${sourceId}`) ?? 0;
  }

  /** Executions still running at the source. */
  running(accountId: number, sourceId: number): number {
    return this.active.get(`${accountId}:${sourceId}`) ?? 0;
  }
}
