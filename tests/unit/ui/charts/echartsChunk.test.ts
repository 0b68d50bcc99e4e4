import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// ECharts must stay in its own chunk: only src/ui/charts/echarts.ts imports it for real; every
// other file may import its types only, and <Chart> loads echarts.ts with a dynamic import.

const CHARTS = join(__dirname, '../../../../src/ui/charts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const VALUE_IMPORT_OF_ECHARTS = /^import\s+(?!type\b)[^;]*from\s+'echarts(\/[^']*)?';/m;

describe('ECharts chunk', () => {
  it('is imported for real only by src/ui/charts/echarts.ts', () => {
    const importers = sourceFiles(CHARTS)
      .filter((file) => VALUE_IMPORT_OF_ECHARTS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(CHARTS, file));
    expect(importers).toEqual(['echarts.ts']);
  });

  it('is loaded by the canvas with a dynamic import', () => {
    const canvas = readFileSync(join(CHARTS, 'ChartCanvas.tsx'), 'utf8');
    expect(canvas).toMatch(/import\('\.\/echarts'\)/);
    expect(canvas).not.toMatch(/^import [^;]*'\.\/echarts';/m);
  });
});
