// `npm run eval:nl`: the question parser against NL4DV's answers to its published example
// questions (cars and movies). Reads NL2VIS_DIR (default scripts/eval/nl2vis, copied in with its licences):
// aliases/*.json, queries/*.tsv and data/*.csv when it has them (else NL4DV's tables are built from
// vega-datasets: eval/nl4dvTables.ts). Prints one line per question, then the shares
// of right chart type, fields and aggregation, and the parse time per question. Then the
// broader set of scripts/eval (tables uploaded through the API, roles as inferred).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import type { DatasetField } from '../common/analytics';
import type { ChartType } from '../common/charts';
import { parseQuestion, type QuestionContext } from '../common/nl';
import { runBroadEval } from './eval/broadEval';
import { ISSUE_KINDS, issueKindsOf } from './eval/issueKinds';
import { nl4dvTable } from './eval/nl4dvTables';
import { runLanguageEval } from './eval/languageEval';
import { runNvbenchEval } from './eval/nvbenchEval';
import { FRESH_SET, UNSEEN_SET } from './eval/questionSet';
import { share, timeLine } from './eval/stats';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.NL2VIS_DIR ?? resolve(repoRoot, 'scripts/eval/nl2vis');

/** Time fields of the NL4DV tables (years as numbers). */
const TIME_COLUMNS = new Set(['Year', 'Release Year']);
/** String fields with at most this many distinct values give the parser their values. */
const MAX_SAMPLED_VALUES = 50;
/** Whole numbers with at most this many distinct values are categories (Cylinders). */
const MAX_CATEGORY_NUMBERS = 12;

/**
 * Questions where NL4DV's first answer looks wrong to us: counted separately, never fitted.
 * The reason says which part we dispute.
 */
const DISPUTED: Record<string, string> = {
  'Stacked bar chart to show number of cylinders on X Axis and count of cars  segregated country wise on Y Axis ':
    'asks for a count of cars; NL4DV averages cylinders',
  'create a stacked bar chart of the count of models by cylinder, group by origin':
    'asks for a count of models; NL4DV averages cylinders',
  'show cars produced by diiferent origin in various cylinders':
    'a count of cars by origin and cylinders; NL4DV averages cylinders',
  'average production budget by year, 1995 to 2009':
    'asks for budget by year (1995 to 2009 is a filter); NL4DV drops the year',
  'Visualize the distribution of models by weight':
    'a distribution of weight; NL4DV plots each model name as a category',
  'Visualize distribution of models by number of cyclinders grouped by origin':
    'counts by cylinders and origin; NL4DV plots each model name as a category',
  'create a stripplot showing average gross across genres':
    'asks for an average; NL4DV plots raw gross values',
  'show movies whose production budget equals 200M as a barchart':
    'NL4DV counts titles (one bar per film, each 1), not a useful chart of the filter',
  'Plot average MPG by number of cylinders': 'an average by category is a bar; NL4DV draws points',
  'Visualize average accelaration based on number of cyclinders a model has summed across different origins':
    'an average by category is a bar; NL4DV draws points',
};

interface Expected {
  types: ChartType[] | null;
  mark: string;
  fields: string[];
  aggregations: string[];
}

interface Row {
  Datafile: string;
  Aliasfile: string;
  Query: string;
  Output: string;
}

function main(): void {
  const contexts = new Map<string, QuestionContext>();
  const rows = readdirSync(join(dataDir, 'queries'))
    .filter((file) => file.endsWith('.tsv'))
    .sort()
    .flatMap((file) => readRows(join(dataDir, 'queries', file)));
  let datasetId = 0;
  const contextOf = (row: Row) => {
    const key = `${row.Datafile}|${row.Aliasfile}`;
    if (!contexts.has(key))
      contexts.set(key, contextFromCsv(row.Datafile, row.Aliasfile, (datasetId += 1)));
    return contexts.get(key)!;
  };
  for (const row of rows) parseQuestion('', contextOf(row)); // builds each context's lexicon

  const results = rows.map((row) => judge(row, contextOf(row)));
  for (const result of results) console.log(result.line);
  report(results);
}

function readRows(file: string): Row[] {
  return parse(readFileSync(file, 'utf8'), {
    columns: true,
    delimiter: '\t',
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Row[];
}

/** A table's rows: NL2VIS_DIR's own CSV when it has one, else NL4DV's built from vega-datasets. */
function tableRecords(dataFile: string): Record<string, string>[] {
  const file = join(dataDir, 'data', dataFile);
  if (!existsSync(file)) return nl4dvTable(dataFile);
  return parse(readFileSync(file, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
}

function contextFromCsv(dataFile: string, aliasFile: string, id: number): QuestionContext {
  const records = tableRecords(dataFile);
  const aliases = readAliases(aliasFile);
  const columns = Object.keys(records[0] ?? {});
  const values: Record<string, string[]> = {};
  const ranges: Record<string, { min: number; max: number }> = {};
  const fields: DatasetField[] = columns.map((name) => {
    const cells = records
      .map((record) => record[name])
      .filter((cell) => cell !== undefined && cell !== '');
    const numeric = cells.length > 0 && cells.every((cell) => Number.isFinite(Number(cell)));
    const distinct = [...new Set(cells)];
    if (numeric) {
      const numbers = cells.map(Number);
      ranges[name] = { min: Math.min(...numbers), max: Math.max(...numbers) };
    } else if (distinct.length <= MAX_SAMPLED_VALUES) {
      values[name] = distinct;
    }
    const category =
      numeric &&
      distinct.length <= MAX_CATEGORY_NUMBERS &&
      cells.every((cell) => /^-?\d+$/.test(cell));
    return {
      name,
      label: name,
      type: numeric ? 'number' : 'string',
      role: TIME_COLUMNS.has(name) ? 'time' : numeric && !category ? 'measure' : 'dimension',
      synonyms: aliases[name] ?? [],
    };
  });
  const datasetName = basename(dataFile, '.csv').split('-')[0];
  return {
    dataset: { id, name: datasetName.charAt(0).toUpperCase() + datasetName.slice(1), fields },
    values,
    ranges,
    today: new Date('2026-11-22T00:00:00Z'),
  };
}

function readAliases(aliasFile: string): Record<string, string[]> {
  if (!aliasFile) return {};
  return JSON.parse(readFileSync(join(dataDir, 'aliases', aliasFile), 'utf8')) as Record<
    string,
    string[]
  >;
}

const MARK_TYPES: Record<string, ChartType[]> = {
  bar: ['bar', 'column', 'stacked'],
  line: ['line'],
  area: ['area'],
  point: ['scatter'],
  circle: ['scatter'],
  tick: ['scatter'],
  arc: ['pie', 'donut'],
  text: ['table'],
};

interface Encoding {
  field?: string;
  aggregate?: string | null;
  bin?: unknown;
}

/** NL4DV's first visualisation: its chart type, the fields it encodes, its aggregations. */
function expectedOf(output: string): Expected | null {
  const answer = JSON.parse(output) as {
    visList?: Array<{ attributes?: string[]; vlSpec?: Record<string, unknown> }>;
  };
  const vis = answer.visList?.[0];
  const spec = vis?.vlSpec;
  if (!vis || !spec) return null;
  const encoding = spec.encoding as Record<string, Encoding> | undefined;
  if (!encoding) {
    return { types: ['table'], mark: 'table', fields: vis.attributes ?? [], aggregations: [] };
  }
  const mark = typeof spec.mark === 'string' ? spec.mark : (spec.mark as { type: string }).type;
  const channels = Object.entries(encoding)
    .filter(([channel, value]) => channel !== 'tooltip' && value?.field)
    .map(([, value]) => value);
  const binned = channels.some((channel) => Boolean(channel.bin));
  const types =
    mark === 'bar' && binned ? (['histogram'] as ChartType[]) : (MARK_TYPES[mark] ?? null);
  const aggregations = channels
    .map((channel) => channel.aggregate)
    .filter((aggregate): aggregate is string => Boolean(aggregate))
    .map((aggregate) => (aggregate === 'mean' ? 'avg' : aggregate));
  return {
    types,
    mark: binned ? `${mark}+bin` : mark,
    fields: [...new Set(channels.map((channel) => channel.field!))],
    aggregations,
  };
}

interface Result {
  query: string;
  line: string;
  disputed: boolean;
  typeRight: boolean;
  fieldsRight: boolean;
  aggregationRight: boolean;
  milliseconds: number;
}

function sameSet(a: string[], b: string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

function judge(row: Row, context: QuestionContext): Result {
  const expected = expectedOf(row.Output);
  const started = performance.now();
  const answer = parseQuestion(row.Query, context);
  const milliseconds = performance.now() - started;
  const { query, type } = answer.spec;
  const fields = [
    ...query.dimensions.map((d) => d.field),
    ...query.measures.map((m) => m.field),
  ].filter((field) => field !== '*');
  const aggregations = query.measures.map((measure) => measure.agg).sort();
  const typeRight = Boolean(expected?.types?.includes(type));
  const fieldsRight = Boolean(expected && sameSet(expected.fields, fields));
  const aggregationRight = Boolean(
    expected && expected.aggregations.sort().join(',') === aggregations.join(','),
  );
  const disputed = DISPUTED[row.Query];
  const problems = [
    typeRight ? '' : `type: NL4DV ${expected?.mark ?? '-'}, we ${type}`,
    fieldsRight ? '' : `fields: NL4DV {${expected?.fields.join(', ')}}, we {${fields.join(', ')}}`,
    aggregationRight
      ? ''
      : `aggregation: NL4DV [${expected?.aggregations.join(', ')}], we [${aggregations.join(', ')}]`,
  ].filter(Boolean);
  const status = problems.length === 0 ? 'ok  ' : 'miss';
  const note = disputed ? `  [NL4DV disputed: ${disputed}]` : '';
  const unmatched = answer.unmatched.length ? `  (unmatched: ${answer.unmatched.join(', ')})` : '';
  return {
    query: row.Query,
    line: `${status} ${row.Query.trim()}${problems.length ? ` -- ${problems.join('; ')}` : ''}${unmatched}${note}`,
    disputed: Boolean(disputed),
    typeRight,
    fieldsRight,
    aggregationRight,
    milliseconds,
  };
}

function report(results: Result[]): void {
  const undisputed = results.filter((result) => !result.disputed);
  const disputed = results.filter((result) => result.disputed);
  const groups: Array<[string, Result[]]> = [
    ['all questions', results],
    ['NL4DV answer undisputed', undisputed],
    ['NL4DV answer disputed', disputed],
  ];
  console.log('\n== NL4DV examples, roles set by hand ==');
  for (const [name, group] of groups) {
    console.log(`${name} (${group.length}):`);
    console.log(`  right chart type   ${share(group, (r) => r.typeRight)}`);
    console.log(`  right fields       ${share(group, (r) => r.fieldsRight)}`);
    console.log(`  right aggregation  ${share(group, (r) => r.aggregationRight)}`);
  }
  console.log('by kind of question (all questions):');
  for (const kind of ISSUE_KINDS) {
    const group = results.filter((result) => issueKindsOf(result.query).includes(kind));
    if (group.length === 0) continue;
    const right = share(group, (r) => r.typeRight && r.fieldsRight);
    console.log(`  ${kind.padEnd(12)} chart type and fields ${right}`);
  }
  console.log(timeLine(results.map((result) => result.milliseconds)));
}

/** NL_EVAL_SETS=nl4dv,broad,unseen,fresh,nvbench,languages runs only those sets (default: all). */
const sets = new Set(
  (process.env.NL_EVAL_SETS ?? 'nl4dv,broad,unseen,fresh,nvbench,languages').split(','),
);
if (sets.has('nl4dv')) main();
if (sets.has('broad')) await runBroadEval();
if (sets.has('unseen')) await runBroadEval(UNSEEN_SET);
if (sets.has('fresh')) await runBroadEval(FRESH_SET);
if (sets.has('nvbench')) await runNvbenchEval(join(dataDir, 'nvbench-dev'));
if (sets.has('languages')) await runLanguageEval();
