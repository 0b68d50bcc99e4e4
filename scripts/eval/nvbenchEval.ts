import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import type { DatasetField } from '../../common/analytics';
import type { AskAnswer } from '../../common/nl';
import { parseQuestion } from '../../common/nl';
import { startEvalServer, type HttpAnswer, type UploadedDataset } from './evalServer';
import { ISSUE_KINDS, issueKindsOf } from './issueKinds';
import { share, timeLine } from './stats';

// nvBench's development split (nvbench-dev: questions generated from Spider's SQL over tables
// we never tuned on), each table uploaded through the API with roles as inferred and each
// question asked over HTTP. Scored as its README says: the chart family, and the fields in
// their roles (x grouped by, y measured or counted); odd gold is counted apart.
//
// The tables are split deterministically by table (a hash of its name) into a tuning part and
// a held-out part. Lines per question are printed for the tuning part only: the held-out part
// is reported as figures, so nobody tunes on its failures.

export type Part = 'tuning' | 'held-out';

export interface NvQuestion {
  id: string;
  table: string;
  chart: string;
  question: string;
  x: string;
  xAgg: string;
  y: string;
  yAgg: string;
  bin: string;
}

/** The chart types of ours that draw each nvBench chart family. */
const FAMILIES: Record<string, string[]> = {
  bar: ['bar', 'column', 'stacked'],
  pie: ['pie', 'donut'],
  line: ['line', 'area'],
  scatter: ['scatter'],
};

/** The part a table belongs to: a hash of its name, so the split never depends on the run. */
export function partOf(table: string): Part {
  const byte = createHash('sha256').update(table).digest()[0];
  return byte < 128 ? 'tuning' : 'held-out';
}

/**
 * Why the gold looks odd, or null: raw values of y per x in a bar, line or pie (Spider's
 * "list the names and ages"), an aggregate in a scatter, or an aggregated x.
 */
export function oddGold(question: NvQuestion): string | null {
  if (question.xAgg) return 'aggregated x';
  if (question.chart === 'scatter') return question.yAgg ? 'aggregate in a scatter' : null;
  if (!question.yAgg) return 'raw values per category';
  return null;
}

export function loadNvQuestions(folder: string): NvQuestion[] {
  const rows = parse(readFileSync(join(folder, 'questions.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Array<Record<string, string>>;
  return rows.map((row) => ({
    id: row.id,
    table: row.table,
    chart: row.chart,
    question: row.question,
    x: row.x,
    xAgg: row.x_agg,
    y: row.y,
    yAgg: row.y_agg,
    bin: row.bin,
  }));
}

/** The dataset field of a gold column: the same name, ignoring case and separators. */
export function fieldOf(fields: DatasetField[], column: string): string | undefined {
  const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return fields.find((field) => key(field.name) === key(column))?.name;
}

export interface NvJudgement {
  familyRight: boolean;
  fieldsRight: boolean;
  answered: string;
}

/** The answer against the gold: family, and x grouped by and y measured (a count for count). */
export function judgeNv(
  question: NvQuestion,
  fields: DatasetField[],
  answer: HttpAnswer,
): NvJudgement {
  if (answer.status !== 200) {
    const message = (answer.body as { message?: string } | null)?.message ?? '';
    return { familyRight: false, fieldsRight: false, answered: `${answer.status} ${message}` };
  }
  const { spec } = answer.body as AskAnswer;
  const dimensions = spec.query.dimensions.map((dimension) => dimension.field);
  const measures = spec.query.measures;
  const familyRight = (FAMILIES[question.chart] ?? []).includes(spec.type);
  const x = fieldOf(fields, question.x);
  const y = question.y === '*' ? '*' : fieldOf(fields, question.y);
  let fieldsRight: boolean;
  if (question.chart === 'scatter' && !question.yAgg) {
    const used = [...dimensions, ...measures.map((measure) => measure.field)];
    fieldsRight = used.length === 2 && used.includes(x ?? '') && used.includes(y ?? '');
  } else {
    const counted =
      question.yAgg === 'count'
        ? measures.length === 1 && measures[0].agg === 'count'
        : measures.length === 1 && measures[0].field === y;
    fieldsRight = dimensions.length === 1 && dimensions[0] === x && counted;
  }
  const measured = measures.map((measure) => `${measure.agg}(${measure.field})`).join(', ');
  return {
    familyRight,
    fieldsRight,
    answered: `${spec.type} by {${dimensions.join(', ')}} of {${measured}}`,
  };
}

function goldText(question: NvQuestion): string {
  const y = question.yAgg ? `${question.yAgg}(${question.y})` : question.y;
  const bin = question.bin ? ` per ${question.bin}` : '';
  return `${question.chart} by ${question.x}${bin} of ${y}`;
}

interface NvResult extends NvJudgement {
  question: NvQuestion;
  part: Part;
  odd: string | null;
  status: number;
  milliseconds: number;
}

export async function runNvbenchEval(folder: string): Promise<void> {
  if (!existsSync(join(folder, 'questions.csv'))) {
    console.log(`\n== nvBench: no ${folder}/questions.csv, skipped ==`);
    return;
  }
  const questions = loadNvQuestions(folder);
  const server = await startEvalServer();
  try {
    const uploaded = new Map<string, UploadedDataset | null>();
    const names = new Set<string>();
    for (const table of [...new Set(questions.map((question) => question.table))].sort()) {
      const file = `${table}.csv`;
      const name = datasetNameOf(table, names);
      names.add(name);
      try {
        const dataset = await server.upload({
          key: table,
          file,
          name,
          path: join(folder, 'tables', file),
        });
        parseQuestion('', dataset.context); // builds the lexicon
        uploaded.set(table, dataset);
      } catch (error) {
        console.log(`upload of ${table} failed: ${(error as Error).message}`);
        uploaded.set(table, null);
      }
    }
    const results: NvResult[] = [];
    const askMilliseconds: number[] = [];
    for (const question of questions) {
      const dataset = uploaded.get(question.table);
      const part = partOf(question.table);
      const odd = oddGold(question);
      if (!dataset) {
        const failed = { familyRight: false, fieldsRight: false, answered: 'no upload' };
        results.push({ ...failed, question, part, odd, status: 0, milliseconds: 0 });
        continue;
      }
      const asked = performance.now();
      const answer = await server.ask(dataset.dataset.id, question.question);
      askMilliseconds.push(performance.now() - asked);
      const started = performance.now();
      parseQuestion(question.question, dataset.context);
      const milliseconds = performance.now() - started;
      const judged = judgeNv(question, dataset.dataset.fields, answer);
      results.push({ ...judged, question, part, odd, status: answer.status, milliseconds });
    }
    console.log('\n== nvBench dev: tuning part (misses only; the held-out part is not listed) ==');
    for (const result of results) {
      if (result.part !== 'tuning' || (result.familyRight && result.fieldsRight)) continue;
      const odd = result.odd ? ` [odd gold: ${result.odd}]` : '';
      console.log(
        `miss [${result.question.table}] ${oneLine(result.question.question)} -- gold ${goldText(result.question)}, we ${result.answered}${odd}`,
      );
    }
    reportNv(results);
    console.log(`ask call (HTTP, in process) ${timeLine(askMilliseconds).replace('parse ', '')}`);
  } finally {
    await server.close();
  }
}

/**
 * "book_2__publication" -> "Publication", as a user would name the upload; a name already
 * taken gets its database: "People (debate)".
 */
function datasetNameOf(table: string, taken: Set<string>): string {
  const [db, name] = table.split('__').map((part) => part.replace(/_/g, ' '));
  const plain = name.charAt(0).toUpperCase() + name.slice(1);
  return taken.has(plain) ? `${plain} (${db})` : plain;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shares(name: string, group: NvResult[]): string {
  const family = share(group, (r) => r.familyRight);
  const fields = share(group, (r) => r.fieldsRight);
  const both = share(group, (r) => r.familyRight && r.fieldsRight);
  return `  ${name.padEnd(16)} family ${family.padEnd(18)} fields ${fields.padEnd(18)} both ${both}`;
}

function reportNv(results: NvResult[]): void {
  for (const part of ['tuning', 'held-out'] as Part[]) {
    const inPart = results.filter((result) => result.part === part);
    const tables = new Set(inPart.map((result) => result.question.table)).size;
    const usual = inPart.filter((result) => !result.odd);
    console.log(`\nnvBench ${part} part (${inPart.length} questions over ${tables} tables):`);
    console.log(shares('all', inPart));
    console.log(shares('usual gold', usual));
    console.log(
      shares(
        'odd gold',
        inPart.filter((result) => result.odd),
      ),
    );
    console.log('  by kind (usual gold):');
    for (const kind of ISSUE_KINDS) {
      const group = usual.filter((result) => issueKindsOf(result.question.question).includes(kind));
      if (group.length > 0) console.log(`  ${shares(kind, group)}`);
    }
    const serverErrors = inPart.filter((result) => result.status >= 500).length;
    console.log(`  5xx answers: ${serverErrors}`);
  }
  console.log(`nvBench ${timeLine(results.map((result) => result.milliseconds))}`);
}
