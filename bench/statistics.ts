// Order statistics of timing samples (nearest-rank on the sorted samples).

export function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) throw new Error('No samples.');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

export function median(samples: number[]): number {
  if (samples.length === 0) throw new Error('No samples.');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Rounded for reports: two decimals. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
