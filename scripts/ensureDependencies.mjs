// Installs npm packages when node_modules is missing or older than package-lock.json.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

export function ensureNodeModules() {
  const marker = 'node_modules/.package-lock.json';
  const lock = existsSync('package-lock.json') ? statSync('package-lock.json').mtimeMs : 0;
  if (existsSync(marker) && statSync(marker).mtimeMs >= lock) return;
  console.log('Installing npm packages…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}

export function buildWebApp() {
  console.log('Building the web app and the embedding SDK…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  execSync('npx tsc -p sdk/tsconfig.json', { stdio: 'inherit' });
}
