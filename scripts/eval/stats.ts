// Shares and percentiles of the evaluation reports.

export function share<T>(items: T[], right: (item: T) => boolean): string {
  if (items.length === 0) return '-';
  const count = items.filter(right).length;
  return `${count}/${items.length} (${((100 * count) / items.length).toFixed(1)}%)`;
}

/** The value at `fraction` of the sorted values (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function timeLine(milliseconds: number[]): string {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5).toFixed(3);
  const p95 = percentile(sorted, 0.95).toFixed(3);
  return `parse time per question: median ${median} ms, p95 ${p95} ms`;
}
