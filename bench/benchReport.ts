import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Benchmark figures with their budgets, written as JSON per benchmark (each file one run,
// stamped `ranAt`) plus readable bench/results/SUMMARY*.md files, and printed as a table.

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

export function writeResult(name: string, data: object): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const result = { ranAt: new Date().toISOString(), ...data };
  writeFileSync(join(RESULTS_DIR, `${name}.json`), JSON.stringify(result, null, 2) + '\n');
}

/** A result file as its last run wrote it (`ranAt` is missing from files of older runs). */
export function readResult<T>(name: string): T & { ranAt?: string } {
  return JSON.parse(readFileSync(join(RESULTS_DIR, `${name}.json`), 'utf8')) as T & {
    ranAt?: string;
  };
}

/** The line under a summary's title saying which run its figures are from. */
export function runLine(info: RunInfo): string {
  return (
    `Run ${info.date} on ${info.cpus}, ${info.memoryGb} GB RAM, Node ${info.node}; ` +
    `load average ${info.loadAverage} at the start; the whole run took ${info.durationSeconds} s.`
  );
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

/** Writes a summary file whole: the figures of one run, or of the result files as they are. */
export function writeSummary(
  figures: Figure[],
  fromLine: string,
  details: string[],
  file = 'SUMMARY.md',
): void {
  const text = [
    '# Benchmark results (`npm run bench`)',
    '',
    fromLine,
    '',
    figureTable(figures),
    '',
    ...details,
    '',
  ].join('\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, file), text);
}
