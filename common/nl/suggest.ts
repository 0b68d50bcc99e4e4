import { exampleQuestions, spokenName } from './examples';
import { MAX_QUESTION_LENGTH, type QuestionContext, type Suggestion } from './types';

// Completions of the Ask box: the word being typed becomes a field, a sampled value or a
// keyword; an empty box offers whole example questions.

const KEYWORDS = [
  'average',
  'total',
  'count of',
  'number of',
  'maximum',
  'minimum',
  'median',
  'distinct',
  'by',
  'per',
  'over time',
  'by month',
  'by year',
  'top 10',
  'bottom 10',
  'distribution of',
  'vs',
  'excluding',
  'between',
  'more than',
  'less than',
  'last 30 days',
  'this year',
  'last year',
  'sorted by',
  'as a pie chart',
  'as a donut chart',
  'as a line chart',
  'as a bar chart',
  'as a column chart',
  'as an area chart',
  'as a table',
  'as a scatter plot',
  'as a histogram',
  'as a single number',
];

const GROUPING_WORDS = new Set(['by', 'per', 'across', 'each']);
const AGGREGATION_WORDS = new Set([
  'average',
  'mean',
  'avg',
  'total',
  'sum',
  'maximum',
  'max',
  'minimum',
  'min',
  'median',
]);

interface Candidate {
  kind: Suggestion['kind'];
  label: string;
  detail?: string;
  /** a field's own name rather than a synonym: offered first */
  primary?: boolean;
}

function candidatesOf(context: QuestionContext): Candidate[] {
  const candidates: Candidate[] = [];
  for (const field of context.dataset.fields) {
    const detail = field.label || field.name;
    candidates.push({ kind: 'field', label: spokenName(field), detail, primary: true });
    for (const synonym of field.synonyms)
      candidates.push({ kind: 'field', label: synonym, detail });
  }
  for (const [name, values] of Object.entries(context.values)) {
    const field = context.dataset.fields.find((candidate) => candidate.name === name);
    for (const value of values)
      candidates.push({ kind: 'value', label: value, detail: field?.label ?? name });
  }
  for (const keyword of KEYWORDS) candidates.push({ kind: 'keyword', label: keyword });
  return candidates;
}

/** After "by": dimensions; after "average": numbers; after anything else: keywords. */
function nextWordCandidates(previousWord: string, context: QuestionContext): Candidate[] {
  const all = candidatesOf(context);
  const fieldOf = (candidate: Candidate) =>
    context.dataset.fields.find((field) => (field.label || field.name) === candidate.detail);
  if (GROUPING_WORDS.has(previousWord)) {
    return all.filter(
      (candidate) => candidate.kind === 'field' && fieldOf(candidate)?.role !== 'measure',
    );
  }
  if (AGGREGATION_WORDS.has(previousWord)) {
    return all.filter(
      (candidate) => candidate.kind === 'field' && fieldOf(candidate)?.type === 'number',
    );
  }
  return all.filter((candidate) => candidate.kind === 'keyword');
}

const KIND_ORDER: Record<Suggestion['kind'], number> = {
  field: 0,
  value: 1,
  keyword: 2,
  question: 3,
};

export function suggestCompletions(
  partial: string,
  context: QuestionContext,
  limit = 8,
): Suggestion[] {
  const text = partial.slice(0, MAX_QUESTION_LENGTH);
  if (!text.trim()) {
    return exampleQuestions(context, limit).map((question) => ({
      kind: 'question',
      label: question,
      completion: question,
    }));
  }
  const typed = /(\S*)$/.exec(text)![1];
  const head = text.slice(0, text.length - typed.length);
  const prefix = typed.toLowerCase();
  const candidates = prefix
    ? candidatesOf(context).filter((candidate) =>
        startsWithWord(candidate.label.toLowerCase(), prefix),
      )
    : nextWordCandidates(head.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '', context);
  const seen = new Set<string>();
  return candidates
    .filter((candidate) => candidate.label.toLowerCase() !== prefix)
    .sort(
      (a, b) =>
        Number(!a.label.toLowerCase().startsWith(prefix)) -
          Number(!b.label.toLowerCase().startsWith(prefix)) ||
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        Number(!a.primary) - Number(!b.primary) ||
        // after a space the dataset's own order; while typing, the shortest completion first
        (prefix ? a.label.length - b.label.length : 0),
    )
    .filter((candidate) => {
      const key = candidate.label.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit)
    .map((candidate) => ({
      kind: candidate.kind,
      label: candidate.label,
      completion: `${head}${candidate.label} `,
      ...(candidate.detail ? { detail: candidate.detail } : {}),
    }));
}

/** "orig" completes "origin airport"; "air" completes it too. */
function startsWithWord(label: string, prefix: string): boolean {
  return label.startsWith(prefix) || label.split(/\s+/).some((word) => word.startsWith(prefix));
}
