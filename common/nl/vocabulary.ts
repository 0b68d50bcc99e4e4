import type { Aggregation, RelativeDate, TimeGrain } from '../analytics';
import type { ChartType } from '../charts';

// The words the parser knows besides the dataset's own fields and values. Phrases are written
// as people type them; they are compared in normalised form (lower case, singular).

export type CompareOp = '>' | '>=' | '<' | '<=' | '=' | 'between';
export type Intent = 'share' | 'distribution' | 'relationship' | 'versus' | 'overTime';
export type GroupRole = 'dimension' | 'series' | 'color';
export type SortDirection = 'asc' | 'desc';

/** What a keyword means; the scanner turns each into a part of the question. */
export type KeywordMeaning =
  | { kind: 'agg'; agg: Aggregation; countLike?: boolean }
  | { kind: 'group'; role: GroupRole }
  | { kind: 'grain'; grain?: TimeGrain }
  /** `temporal`: before, after, since, until: about the time field when given a year */
  | { kind: 'compare'; op: CompareOp; temporal?: boolean }
  /** "over": a comparison before a number, else a grouping ("over release year") */
  | { kind: 'over' }
  | { kind: 'rank'; dir: SortDirection; superlative: boolean }
  | { kind: 'limit' }
  | { kind: 'binWidth' }
  /** "sorted by", "in descending order of": the field that follows is what is sorted by */
  | { kind: 'sortBy'; dir?: SortDirection }
  /** "sort", "rank", "list": a "by" soon after names what to sort by, not a grouping */
  | { kind: 'sortVerb' }
  | { kind: 'direction'; dir: SortDirection }
  | { kind: 'alphabetical' }
  /** "on the x axis", "y axis": which axis the field named beside it goes on */
  | { kind: 'axis'; axis: 'x' | 'y' }
  | { kind: 'chart'; type: ChartType }
  | { kind: 'intent'; intent: Intent }
  | { kind: 'negate' }
  | { kind: 'join'; word: 'and' | 'or' }
  /** words that only hint at a field: "from" SFO (origin), "to" LAX (destination), "in" 2008 */
  | { kind: 'connector'; word: string }
  | { kind: 'relative'; date: RelativeDate };

type Entry = [phrases: string[], meaning: KeywordMeaning];

const AGGREGATIONS: Entry[] = [
  [['average', 'mean', 'avg', 'averaged'], { kind: 'agg', agg: 'avg' }],
  [['total', 'sum', 'sum of', 'total of', 'summed', 'combined'], { kind: 'agg', agg: 'sum' }],
  [
    [
      'count',
      'count of',
      'number of',
      'how many',
      'counts of',
      'amount of',
      'total number',
      'total number of',
      'total count',
      'total count of',
    ],
    { kind: 'agg', agg: 'count', countLike: true },
  ],
  [['maximum', 'max', 'peak', 'maximal'], { kind: 'agg', agg: 'max' }],
  [['minimum', 'min', 'minimal'], { kind: 'agg', agg: 'min' }],
  [['median'], { kind: 'agg', agg: 'median' }],
  [
    [
      'distinct',
      'unique',
      'number of distinct',
      'number of unique',
      'count of distinct',
      'count distinct',
      'how many different',
      'how many distinct',
    ],
    { kind: 'agg', agg: 'count_distinct' },
  ],
];

const GROUPING: Entry[] = [
  [
    [
      'by',
      'per',
      'for each',
      'each',
      'every',
      'for every',
      'in each',
      'across',
      'broken down by',
      'split by',
      'grouped by',
      'group by',
      'based on',
      'different',
      'various',
      'according to',
      'segregated',
      'segregated by',
      'separated by',
      'regarding',
      'wise',
    ],
    { kind: 'group', role: 'dimension' },
  ],
  [
    [
      'stacked by',
      'series by',
      'one line per',
      'a line per',
      // small multiples have no panels of their own here: one series each
      'small multiple by',
      'small multiples by',
      'one plot for each',
      'one plot for each of',
      'one chart for each',
      'one chart for each of',
      'a plot for each',
      'a chart for each',
      'one plot per',
      'one chart per',
      'faceted by',
      'facet by',
      'facetted by',
      'a panel per',
      'one panel per',
    ],
    { kind: 'group', role: 'series' },
  ],
  [
    [
      'color by',
      'colour by',
      'colored by',
      'coloured by',
      'coloring by',
      'colouring by',
      'color',
      'colour',
      'color coded by',
      'with different color by',
    ],
    { kind: 'group', role: 'color' },
  ],
];

const TIME: Entry[] = [
  [
    [
      'over time',
      'trend',
      'trend of',
      'over the year',
      'over year',
      'through time',
      'evolution',
      'evolved',
      'evolve',
      'history',
      'timeline',
      'time series',
      'with time',
      'across time',
      'as time goes',
      'across the year',
      'through the year',
      'throughout the year',
      'over the decade',
      'over the period',
      'over the course of',
      'change with year',
      'change with the year',
      'changed over',
      'changing over',
      'vary over',
      'chronological',
      'chronologically',
      'progression',
    ],
    { kind: 'intent', intent: 'overTime' },
  ],
  [['by day', 'daily', 'per day', 'each day', 'every day'], { kind: 'grain', grain: 'day' }],
  [['by week', 'weekly', 'per week', 'each week'], { kind: 'grain', grain: 'week' }],
  [['by month', 'monthly', 'per month', 'each month', 'month'], { kind: 'grain', grain: 'month' }],
  [
    ['by quarter', 'quarterly', 'per quarter', 'each quarter', 'quarter'],
    { kind: 'grain', grain: 'quarter' },
  ],
  [
    [
      'by year',
      'yearly',
      'annual',
      'annually',
      'per year',
      'each year',
      'year',
      'in different year',
    ],
    { kind: 'grain', grain: 'year' },
  ],
  [['yesterday'], { kind: 'relative', date: { kind: 'previous', unit: 'day' } }],
  [['today'], { kind: 'relative', date: { kind: 'this', unit: 'day' } }],
  [['year to date', 'ytd'], { kind: 'relative', date: { kind: 'this', unit: 'year' } }],
];

const COMPARISONS: Entry[] = [
  [['over'], { kind: 'over' }],
  [
    [
      'more than',
      'greater than',
      'above',
      'higher than',
      'larger than',
      'bigger than',
      'exceeding',
      'exceed',
      'longer than',
      '>',
    ],
    { kind: 'compare', op: '>' },
  ],
  [['after', 'later than'], { kind: 'compare', op: '>', temporal: true }],
  [['at least', 'no less than', '>='], { kind: 'compare', op: '>=' }],
  [['since', 'starting', 'starting from'], { kind: 'compare', op: '>=', temporal: true }],
  [
    [
      'under',
      'below',
      'less than',
      'lower than',
      'fewer than',
      'smaller than',
      'shorter than',
      '<',
    ],
    { kind: 'compare', op: '<' },
  ],
  [['before', 'earlier than', 'prior to'], { kind: 'compare', op: '<', temporal: true }],
  [['at most', 'no more than', 'up to', '<='], { kind: 'compare', op: '<=' }],
  [['until', 'till'], { kind: 'compare', op: '<=', temporal: true }],
  [['between'], { kind: 'compare', op: 'between' }],
  [['equal', 'equal to', 'equals', 'exactly', 'is equal to', '='], { kind: 'compare', op: '=' }],
];

const RANKING: Entry[] = [
  [['top'], { kind: 'rank', dir: 'desc', superlative: false }],
  [['bottom'], { kind: 'rank', dir: 'asc', superlative: false }],
  [
    ['highest', 'most', 'largest', 'biggest', 'greatest', 'best', 'longest'],
    { kind: 'rank', dir: 'desc', superlative: true },
  ],
  [
    ['lowest', 'least', 'smallest', 'fewest', 'worst', 'shortest'],
    { kind: 'rank', dir: 'asc', superlative: true },
  ],
  [['first', 'limit', 'limit to', 'limited to'], { kind: 'limit' }],
  [
    ['bin width', 'bin width of', 'bin size', 'bin size of', 'bins of', 'binned by'],
    { kind: 'binWidth' },
  ],
  [
    ['sorted by', 'sort by', 'order by', 'ordered by', 'ranked by', 'rank by', 'in order of'],
    { kind: 'sortBy' },
  ],
  [
    ['in descending order of', 'descending order of', 'in decreasing order of'],
    { kind: 'sortBy', dir: 'desc' },
  ],
  [
    ['in ascending order of', 'ascending order of', 'in increasing order of'],
    { kind: 'sortBy', dir: 'asc' },
  ],
  [
    ['sort', 'sorted', 'order', 'ordered', 'rank', 'ranked', 'arrange', 'arranged', 'list'],
    { kind: 'sortVerb' },
  ],
  [['high to low', 'from high to low', 'largest to smallest'], { kind: 'direction', dir: 'desc' }],
  [['low to high', 'from low to high', 'smallest to largest'], { kind: 'direction', dir: 'asc' }],
  [
    ['ascending', 'asc', 'increasing', 'lowest first', 'smallest first'],
    { kind: 'direction', dir: 'asc' },
  ],
  [
    ['descending', 'desc', 'decreasing', 'highest first', 'largest first'],
    { kind: 'direction', dir: 'desc' },
  ],
  [
    [
      'alphabetically',
      'alphabetical',
      'a to z',
      'a-z',
      'alphabetical order',
      'in alphabetical order',
    ],
    { kind: 'alphabetical' },
  ],
  [
    ['in ascending order', 'ascending order', 'in increasing order', 'increasing order'],
    { kind: 'direction', dir: 'asc' },
  ],
  [
    ['in descending order', 'descending order', 'in decreasing order', 'decreasing order'],
    { kind: 'direction', dir: 'desc' },
  ],
  [
    ['x axis', 'on x', 'on the x', 'along x', 'along the x', 'horizontal axis', 'as x'],
    { kind: 'axis', axis: 'x' },
  ],
  [
    ['y axis', 'on y', 'on the y', 'along y', 'along the y', 'vertical axis', 'as y'],
    { kind: 'axis', axis: 'y' },
  ],
];

const CHARTS: Entry[] = [
  [['line', 'line chart', 'linechart', 'line graph', 'line plot'], { kind: 'chart', type: 'line' }],
  [['bar', 'bar chart', 'barchart', 'bar graph', 'bar plot'], { kind: 'chart', type: 'bar' }],
  [['column', 'column chart', 'column graph'], { kind: 'chart', type: 'column' }],
  [
    [
      'stacked',
      'stacked bar',
      'stacked bar chart',
      'stack bar chart',
      'stacked column',
      'stack bar',
    ],
    { kind: 'chart', type: 'stacked' },
  ],
  [['area', 'area chart', 'area graph'], { kind: 'chart', type: 'area' }],
  [['pie', 'pie chart', 'piechart'], { kind: 'chart', type: 'pie' }],
  [
    ['donut', 'doughnut', 'donut chart', 'doughnut chart', 'ring chart'],
    { kind: 'chart', type: 'donut' },
  ],
  [
    ['scatter', 'scatterplot', 'scatter plot', 'scatter chart', 'scatter graph', 'scattergram'],
    { kind: 'chart', type: 'scatter' },
  ],
  [['table', 'as a table', 'tabular'], { kind: 'chart', type: 'table' }],
  [['heatmap', 'heat map'], { kind: 'chart', type: 'heatmap' }],
  [['pivot', 'pivot table', 'crosstab', 'cross tab'], { kind: 'chart', type: 'pivot' }],
  [['histogram', 'histogram of'], { kind: 'chart', type: 'histogram' }],
  [
    ['map', 'map of', 'on a map', 'region map', 'choropleth', 'choropleth map'],
    { kind: 'chart', type: 'regionMap' },
  ],
  [
    // "where are the airports": on a map, points or regions as the fields allow (maps.ts)
    ['point map', 'dot map', 'map of points', 'where are', 'where is', 'where were'],
    { kind: 'chart', type: 'pointMap' },
  ],
  [
    ['kpi', 'single number', 'big number', 'as a number', 'a number'],
    { kind: 'chart', type: 'kpi' },
  ],
];

const INTENTS: Entry[] = [
  [
    [
      'share',
      'share of',
      'percentage',
      'percent',
      'proportion',
      'breakdown',
      'break down',
      'composition',
      'fraction',
    ],
    { kind: 'intent', intent: 'share' },
  ],
  [
    [
      'distribution',
      'distribution of',
      'distributed',
      'spread',
      'frequency',
      'categorization',
      'categorisation',
      'categorization of',
      'categorisation of',
    ],
    { kind: 'intent', intent: 'distribution' },
  ],
  [
    [
      'relationship',
      'relation',
      'correlation',
      'correlate',
      'correlated',
      'related',
      'relationship between',
      'relation between',
      'correlation between',
    ],
    { kind: 'intent', intent: 'relationship' },
  ],
  [['vs', 'versus', 'against', 'v'], { kind: 'intent', intent: 'versus' }],
];

const CONNECTIVES: Entry[] = [
  [
    [
      'not',
      'excluding',
      'exclude',
      'except',
      'without',
      'other than',
      'but not',
      'non',
      'apart from',
    ],
    { kind: 'negate' },
  ],
  [['and', '&', 'as well as'], { kind: 'join', word: 'and' }],
  [['or'], { kind: 'join', word: 'or' }],
  [['from'], { kind: 'connector', word: 'from' }],
  [['to'], { kind: 'connector', word: 'to' }],
  [['in'], { kind: 'connector', word: 'in' }],
  [['for'], { kind: 'connector', word: 'for' }],
  [
    ['with', 'having', 'where', 'whose', 'that have', 'which have'],
    { kind: 'connector', word: 'with' },
  ],
];

/** Every keyword phrase with its meaning. */
export const KEYWORDS: Entry[] = [
  ...AGGREGATIONS,
  ...GROUPING,
  ...TIME,
  ...COMPARISONS,
  ...RANKING,
  ...CHARTS,
  ...INTENTS,
  ...CONNECTIVES,
];

/** Words that carry no meaning of their own: dropped, never reported as unmatched. */
export const STOPWORDS = new Set(
  `a an the of show shows showing shown me us i we you my our your please can could would will
  like want wanna need see look let lets let's give get find tell what what's which who whose is
  are was were be been being am do does did has have had it its it's this that these those there
  their they them as at on chart charts plot plots plotted graph graphs visualize visualise
  visualization visualisation visual create draw display make made produce produced view figure
  diagram using use all any some data dataset just only also about into onto along then than how
  so far overall whole entire such kind of vary varies varied change changes changed
  compare compared comparing comparison separate multiple general generally same other axis axes
  x y value values level levels during within among amongst when while both together up down out
  minutes minute mins hours hour seconds second miles mile dollars dollar usd lbs pounds pound kg
  km meters inches degrees represent representing list listing report`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words for the rows themselves ("how many rows"), besides the dataset's own name. */
export const ROW_NOUNS = ['row', 'record', 'entry', 'item', 'observation', 'data point'];

/** Month names for "since March". */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Units of relative periods ("last 30 days"). */
export const PERIOD_UNITS: Record<string, RelativeDate['unit']> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};
