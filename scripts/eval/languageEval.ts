import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatasetField } from '../../common/analytics';
import { detectLanguage } from '../../common/nl';
import { startEvalServer, type UploadedDataset } from './evalServer';
import { expectedText, judge, type Judgement } from './judgeAnswer';
import { FRESH_SET, UNSEEN_SET, loadQuestions, type EvalQuestion } from './questionSet';
import { FRESH_TABLES, UNSEEN_TABLES } from './tables';
import { share } from './stats';

// Questions in French, German and Spanish (scripts/eval/languages/*.txt) over twelve tables of
// the unseen and fresh sets, which the English parser was never tuned on. Each table is
// uploaded through the API, its fields given the labels and synonyms a company of that
// language would enter (languages/fieldLabels.json, saved as the fields' translations), and
// each question asked over HTTP with the asker's language. Split by question: the tuning part
// (first byte of the SHA-256 of the question below 103, about 40%) prints its misses; the
// held-out part is reported as figures only. English: the unseen and fresh sets' English
// questions over the same tables, for comparison.

const here = dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['fr', 'de', 'es'] as const;
type Language = (typeof LANGUAGES)[number];
const TUNING_BELOW = 103;

/** Chart shorthands of the question files. */
const CHARTS: Record<string, EvalQuestion['chart']> = {
  B: ['bar', 'column'],
  BP: ['bar', 'column', 'pie'],
  ST: ['bar', 'column', 'stacked'],
  L: ['line', 'area'],
  LC: ['line', 'area', 'column'],
  H: ['histogram'],
  S: ['scatter'],
  P: ['pie', 'donut'],
};

interface LanguageQuestion extends EvalQuestion {
  tuning: boolean;
}

type FieldLabels = Record<string, Record<string, Record<Language, string[]>>>;

/** One line: table|chart|x|y|colour|question, where x may be `A|B` (either field). */
export function readLanguageQuestions(language: Language): LanguageQuestion[] {
  const text = readFileSync(join(here, 'languages', `${language}.txt`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.split('|');
      const either = cells.length === 7;
      const [table, chart] = cells;
      const x = either ? `${cells[2]}|${cells[3]}` : cells[2];
      const [y, color, question] = cells.slice(either ? 4 : 3);
      const tuning = createHash('sha256').update(question).digest()[0] < TUNING_BELOW;
      return {
        table,
        kind: 'words',
        question,
        chart: CHARTS[chart],
        x: x || undefined,
        y: y || undefined,
        color: color || undefined,
        tuning,
      };
    });
}

function withTranslations(fields: DatasetField[], labels: FieldLabels[string]): DatasetField[] {
  return fields.map((field) => {
    const byLanguage = labels[field.name];
    if (!byLanguage) return field;
    const translations = Object.fromEntries(
      LANGUAGES.map((language) => {
        const [label, ...synonyms] = byLanguage[language];
        return [language, { label, synonyms }];
      }),
    );
    return { ...field, translations };
  });
}

interface Result extends Judgement {
  question: LanguageQuestion;
  detected: string;
}

export async function runLanguageEval(): Promise<void> {
  const labels = (
    JSON.parse(readFileSync(join(here, 'languages', 'fieldLabels.json'), 'utf8')) as {
      tables: FieldLabels;
    }
  ).tables;
  const tables = [...UNSEEN_TABLES, ...FRESH_TABLES].filter((table) => labels[table.key]);
  const server = await startEvalServer();
  try {
    const uploaded = new Map<string, UploadedDataset>();
    for (const table of tables) {
      const done = await server.upload(table);
      await server.saveFields(
        done.dataset,
        withTranslations(done.dataset.fields, labels[table.key]),
      );
      uploaded.set(table.key, done);
    }
    const ask = async (question: LanguageQuestion, language: string): Promise<Result> => {
      const { dataset } = uploaded.get(question.table)!;
      const answer = await server.ask(dataset.id, question.question, language);
      return {
        ...judge(question, answer),
        question,
        detected: detectLanguage(question.question).code,
      };
    };
    const english = [...loadQuestions(UNSEEN_SET), ...loadQuestions(FRESH_SET)]
      .filter((question) => uploaded.has(question.table))
      .map((question) => ({ ...question, tuning: false }));
    const englishResults: Result[] = [];
    for (const question of english) englishResults.push(await ask(question, 'en'));
    const rows: string[] = [];
    for (const language of LANGUAGES) {
      const results: Result[] = [];
      for (const question of readLanguageQuestions(language))
        results.push(await ask(question, language));
      console.log(`\n== questions in ${language}: misses of the tuning part ==`);
      for (const result of results.filter((r) => r.question.tuning && !right(r)))
        console.log(lineOf(result));
      rows.push(rowOf(language, results));
    }
    console.log(
      '\n== questions in other languages (12 tables the English parser was not tuned on) ==',
    );
    console.log(
      'language  tuning part (both right)   held-out part (both right)   all: chart / fields / both   detected',
    );
    console.log(rowOf('en', englishResults));
    for (const row of rows) console.log(row);
    const serverErrors = englishResults.filter((r) => r.status >= 500).length;
    console.log(`5xx answers (English): ${serverErrors}`);
  } finally {
    await server.close();
  }
}

function right(result: Result): boolean {
  return result.chartRight && result.fieldsRight;
}

function lineOf(result: Result): string {
  const { question } = result;
  return `miss [${question.table}] ${question.question} -- meant ${expectedText(question)}, we ${result.answered}`;
}

function rowOf(language: string, results: Result[]): string {
  const tuning = results.filter((r) => r.question.tuning);
  const heldOut = results.filter((r) => !r.question.tuning);
  const cells = [
    language.padEnd(8),
    (tuning.length ? share(tuning, right) : '-').padEnd(26),
    share(heldOut, right).padEnd(28),
    `${share(results, (r) => r.chartRight)} / ${share(results, (r) => r.fieldsRight)} / ${share(results, right)}`.padEnd(
      48,
    ),
    share(results, (r) => r.detected === language),
  ];
  const errors = results.filter((r) => r.status >= 500).length;
  return `${cells.join(' ')}${errors ? `  (5xx: ${errors})` : ''}`;
}
