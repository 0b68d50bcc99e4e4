import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebApp } from '../ensureDependencies.mjs';

// The walk looks at the built app: build it when dist/ is missing or older than its sources.

const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

export function ensureFreshBuild(): void {
  const built = 'dist/index.html';
  const sources = Math.max(...SOURCES.filter(existsSync).map(newestChange));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  buildWebApp();
}
