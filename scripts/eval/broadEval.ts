import { performance } from 'node:perf_hooks';
import { parseQuestion, type QuestionContext } from '../../common/nl';
import { startEvalServer, type UploadedDataset } from './evalServer';
import { ISSUE_KINDS, issueKindsOf } from './issueKinds';
import { expectedText, judge, type Judgement } from './judgeAnswer';
import { BROAD_SET, loadQuestions, type EvalQuestion, type QuestionSet } from './questionSet';
import { share, timeLine } from './stats';

// The broader set: questions written over vega-datasets tables uploaded through
// the API with roles as inferred, each asked through POST /api/v1/aicharts/ask. Prints a line
// per question, then the shares right by kind and by table, the 4xx/5xx answers and the
// parser's own time per question (the same context the route builds, parsed in this process:
// HTTP, sign-in and sampling are not the parser's time).

interface Result extends Judgement {
  question: EvalQuestion;
  milliseconds: number;
}

export async function runBroadEval(set: QuestionSet = BROAD_SET): Promise<void> {
  const questions = loadQuestions(set);
  const server = await startEvalServer();
  try {
    const uploaded = new Map<string, UploadedDataset>();
    for (const table of set.tables) uploaded.set(table.key, await server.upload(table));
    for (const { context } of uploaded.values()) timeParse('', context); // builds the lexicon
    const results: Result[] = [];
    for (const question of questions) {
      const { dataset, context } = uploaded.get(question.table)!;
      const answer = await server.ask(dataset.id, question.question);
      const milliseconds = timeParse(question.question, context);
      results.push({ ...judge(question, answer), question, milliseconds });
    }
    console.log(`\n== ${set.title} ==`);
    for (const result of results) console.log(lineOf(result));
    report(results, set);
  } finally {
    await server.close();
  }
}

/** The parser's time on one question; a parser that throws is timed up to the throw. */
function timeParse(question: string, context: QuestionContext): number {
  const started = performance.now();
  try {
    parseQuestion(question, context);
  } catch {
    // the HTTP answer reports it (a 5xx)
  }
  return performance.now() - started;
}

function lineOf(result: Result): string {
  const right = result.chartRight && result.fieldsRight;
  const status = right ? 'ok  ' : 'miss';
  const { question } = result;
  const detail = right ? '' : ` -- meant ${expectedText(question)}, we ${result.answered}`;
  return `${status} [${question.kind}/${question.table}] ${question.question}${detail}`;
}

function shares(name: string, group: Result[]): string {
  const chart = share(group, (r) => r.chartRight);
  const fields = share(group, (r) => r.fieldsRight);
  const both = share(group, (r) => r.chartRight && r.fieldsRight);
  return `  ${name.padEnd(12)} chart ${chart.padEnd(16)} fields ${fields.padEnd(16)} both ${both}`;
}

function report(results: Result[], set: QuestionSet): void {
  console.log(`\n${set.title} (${results.length} questions over ${set.tables.length} tables):`);
  console.log(shares('all', results));
  console.log('by kind:');
  for (const kind of set.kinds) {
    console.log(
      shares(
        kind,
        results.filter((r) => r.question.kind === kind),
      ),
    );
  }
  console.log('by kind of question:');
  for (const kind of ISSUE_KINDS) {
    const group = results.filter((r) => issueKindsOf(r.question.question).includes(kind));
    if (group.length > 0) console.log(shares(kind, group));
  }
  console.log('by table:');
  for (const table of set.tables) {
    console.log(
      shares(
        table.key,
        results.filter((r) => r.question.table === table.key),
      ),
    );
  }
  const serverErrors = results.filter((r) => r.status >= 500).length;
  const refused = results.filter((r) => r.status >= 400 && r.status < 500).length;
  console.log(`5xx answers: ${serverErrors}; 4xx answers (not understood): ${refused}`);
  console.log(timeLine(results.map((r) => r.milliseconds)));
}
