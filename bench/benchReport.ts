import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Benchmark figures with their budgets, written as JSON per benchmark plus a readable
// bench/results/SUMMARY.md, and printed as a table.

export const RESULTS_DIR = 'bench/results';

export interface Figure {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

export interface RunInfo {
  date: string;
  node: string;
  cpus: string;
  memoryGb: number;
  /** 1-minute load average when the run started (other work on the machine skews figures). */
  loadAverage: number;
  durationSeconds: number;
}

export function writeResult(name: string, data: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${name}.json`), JSON.stringify(data, null, 2) + '\n');
}

export function figureTable(figures: Figure[]): string {
  const lines = ['| Figure | Value | Budget | Result |', '| --- | --- | --- | --- |'];
  for (const figure of figures) {
    lines.push(
      `| ${figure.name} | ${figure.value} | ${figure.budget} | ${figure.pass ? 'pass' : 'FAIL'} |`,
    );
  }
  return lines.join('\n');
}

export function writeSummary(
  figures: Figure[],
  info: RunInfo,
  details: string[],
  file = 'SUMMARY.md',
): void {
  const text = [
    '# Benchmark results (`npm run bench`)',
    '',
    `Run ${info.date} on ${info.cpus}, ${info.memoryGb} GB RAM, Node ${info.node}; ` +
      `load average ${info.loadAverage} at the start; the whole run took ${info.durationSeconds} s.`,
    '',
    figureTable(figures),
    '',
    ...details,
    '',
  ].join('\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, file), text);
}
