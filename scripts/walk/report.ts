import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from './problems';

// What the walk hands back: a summary on the terminal and walk/index.html with every picture,
// grouped by walker and page, the problems of each page beside its pictures.

export interface Shot {
  walker: string;
  page: string;
  variant: string;
  file: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

export function problemLine(problem: Problem): string {
  return `${problem.walker}/${problem.page} [${problem.variant}] ${problem.kind}: ${problem.text}`;
}

/** The same problem seen in several variants is listed once, with the variants named. */
export function distinctProblems(problems: Problem[]): string[] {
  const byText = groupBy(problems, (p) => `${p.walker}/${p.page} ${p.kind}: ${p.text}`);
  return [...byText].map(([text, seen]) => {
    const variants = [...new Set(seen.map((p) => p.variant))].join(', ');
    return `${text.split('\n')[0]}  [${variants}]`;
  });
}

export function writeIndex(dir: string, shots: Shot[], problems: Problem[]): string {
  const sections = [...groupBy(shots, (shot) => shot.walker)].map(([walker, walkerShots]) => {
    const pages = [...groupBy(walkerShots, (shot) => shot.page)].map(([page, pageShots]) => {
      const images = pageShots
        .map(
          (shot) =>
            `<figure><a href="${shot.file}"><img loading="lazy" src="${shot.file}" alt=""></a>` +
            `<figcaption>${shot.variant}</figcaption></figure>`,
        )
        .join('');
      const pageProblems = problems
        .filter((p) => p.walker === walker && p.page === page)
        .map((p) => `<li>[${p.variant}] ${p.kind}: ${escapeHtml(p.text.split('\n')[0])}</li>`)
        .join('');
      return `<h3 id="${walker}-${page}">${page}</h3><div class="row">${images}</div>${pageProblems ? `<ul class="problems">${pageProblems}</ul>` : ''}`;
    });
    return `<section><h2>${walker}</h2>${pages.join('')}</section>`;
  });
  const html = `<!doctype html><meta charset="utf-8"><title>Screenshot walk</title>
<style>body{font-family:sans-serif;margin:1rem}.row{display:flex;gap:8px;align-items:flex-start}
figure{margin:0}img{max-height:280px;border:1px solid #ccc}figcaption{font-size:12px}
.problems{color:#b00020;font-size:13px}</style>
<h1>Screenshot walk: ${shots.length} pictures, ${problems.length} problems</h1>
${sections.join('\n')}`;
  const file = join(dir, 'index.html');
  writeFileSync(file, html);
  return file;
}
