// Types of ensureDependencies.mjs for the TypeScript scripts that reuse it (scripts/walk).
export function ensureNodeModules(): void;
export function buildWebApp(): void;
