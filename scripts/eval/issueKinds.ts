// The kinds of question that failed on held-out sets, told from the question's words alone, so that every
// set (ours, NL4DV's, nvBench's) can be broken out the same way. A question may be of several
// kinds or of none; the patterns describe a kind, they do not list the sets' questions.

export const ISSUE_KINDS = [
  'time',
  'count',
  'distribution',
  'facets',
  'superlative',
  'dateRange',
  'chartNamed',
  'ranking',
  'groupedBy',
] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

const PATTERNS: Record<IssueKind, RegExp> = {
  time: /\b(over (the )?(time|years?)|timeline|trend|change with|per year|by year|yearly|over the years)\b/,
  count: /\b(how many|number of|count|counts|counting|frequency|repeat times)\b/,
  distribution: /\b(distribution|histogram|categori[sz]ation|spread)\b/,
  facets: /\b(small multiples?|one (plot|chart) for each|facet(ted)?)\b/,
  superlative: /\b(top \d+|highest|lowest|most|least|best|worst|largest|smallest|biggest)\b/,
  dateRange: /\b(between \w+ \d{4} and|period|by month|per month|monthly|weekday|since \w+)\b/,
  chartNamed: /\b(bar|pie|scatter|line|column|histogram|donut|area)s?( chart| graph| plot)?\b/,
  ranking: /\b(descending|ascending|desc|asc|high to low|low to high|rank|order|sort(ed)?)\b/,
  groupedBy: /\b(for each|grouped by|group by|per|by each|of each|in each)\b/,
};

export function issueKindsOf(question: string): IssueKind[] {
  const text = question.toLowerCase();
  return ISSUE_KINDS.filter((kind) => PATTERNS[kind].test(text));
}
