import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportGraph } from './importGraph';

// One recipe for a list route: http/listRoute.ts parses the request's list query and sends
// the (kept) answer. No other file does either by hand.

const graph = readImportGraph(path.resolve(__dirname, '../../../server'));

const RECIPE = 'http/listRoute.ts';
/** Where the parts the recipe puts together are made. */
const PARTS = ['http/simpleRest.ts', 'http/listAnswerCache.ts'];
const PART_USE = /\b(?:parseListQuery|sendCachedList)\s*\(/;

describe('list routes', () => {
  it('are made by the one recipe', () => {
    expect(PART_USE.test(graph.textOf(RECIPE))).toBe(true);
    const byHand = graph.files.filter(
      (file) => file !== RECIPE && !PARTS.includes(file) && PART_USE.test(graph.textOf(file)),
    );
    expect(byHand).toEqual([]);
  });

  it('serve every paged list schema', () => {
    // A paged list's schema is the `list` of recordRouteSchemas, or a route built with listOf.
    const pagedNames = graph.files.flatMap((file) =>
      [...graph.textOf(file).matchAll(/export const (\w+) = route\([^;]*?listOf\(/g)].map(
        ([, name]) => name,
      ),
    );
    expect(pagedNames.length).toBeGreaterThan(3);
    const pagedSchema = new RegExp(`\\bschema:\\s*(?:\\w+\\.list|${pagedNames.join('|')})\\b`);
    const routeFiles = graph.files.filter((file) => pagedSchema.test(graph.textOf(file)));
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(routeFiles.filter((file) => !/\blistRoute\(/.test(graph.textOf(file)))).toEqual([]);
  });
});
