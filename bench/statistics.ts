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

/** Per round (consecutive runs), the median of `timed` over the median of `direct`. */
export function roundRatiosOf(timed: number[], direct: number[], runsPerRound: number): number[] {
  const ratios: number[] = [];
  for (let start = 0; start < timed.length; start += runsPerRound) {
    const end = start + runsPerRound;
    ratios.push(round2(median(timed.slice(start, end)) / median(direct.slice(start, end))));
  }
  return ratios;
}
