import { en } from '../src/ui/i18n/en';
type Tree = Record<string, unknown>;
const langs = process.argv.slice(2);
function walk(base: Tree, other: Tree | undefined, path: string[], out: [string, string][]) {
  for (const [k, v] of Object.entries(base)) {
    const o = other?.[k];
    if (typeof v === 'string') { if (typeof o !== 'string') out.push([[...path, k].join('.'), v]); }
    else walk(v as Tree, o as Tree | undefined, [...path, k], out);
  }
}
for (const lang of langs) {
  const mod = await import(`../src/ui/i18n/${lang}.ts`);
  const messages = mod[lang] as Tree;
  const out: [string, string][] = [];
  walk(en as unknown as Tree, messages, [], out);
  console.log(`== ${lang}: ${out.length} missing`);
  for (const [k, v] of out) console.log(`${k}\t${JSON.stringify(v)}`);
}
