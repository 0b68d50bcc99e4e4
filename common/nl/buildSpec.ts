import { measureKey, type DatasetField, type QueryMeasure, type QuerySort } from '../analytics';
import type { ChartSpec, ChartType } from '../charts';
import { DEFAULT_LIMIT, draftToSpec, emptyDraft, type ChartDraft } from '../chartDraft';
import { inAxisOrder } from './axes';
import { niceBinWidth } from './defaults';
import type { ReadDimension, ReadMeasure, Reading } from './interpret';
import type { QuestionContext } from './types';

// A reading becomes a chart: histogram, scatter of raw points, or an aggregated chart whose
// type follows from its dimensions. Aggregated charts go through the builder's draftToSpec,
// so a parsed chart equals the one the builder makes from the same choices.

export interface BuiltChart {
  spec: ChartSpec;
  /** the question's words behind each token, by `kind:index` (see describeSpec) */
  texts: Map<string, string>;
  /** true when the question did not name the chart type */
  inferredType: boolean;
}

const ROW_COUNT: QueryMeasure = { field: '*', agg: 'count' };
/** Up to this many categories read well as vertical columns; more as horizontal bars. */
const MAX_COLUMNS = 12;

export function buildSpec(reading: Reading, context: QuestionContext): BuiltChart {
  return histogram(reading, context) ?? scatter(reading, context) ?? aggregated(reading, context);
}

function fieldOf(context: QuestionContext, name: string): DatasetField | undefined {
  return context.dataset.fields.find((field) => field.name === name);
}

function newDraft(reading: Reading, context: QuestionContext, type: ChartType): ChartDraft {
  return {
    ...emptyDraft(),
    datasetId: context.dataset.id,
    type,
    filters: reading.filters.map((filter) => filter.filter),
    limit: reading.rank?.count ?? reading.limit?.count ?? DEFAULT_LIMIT,
  };
}

function baseTexts(reading: Reading): Map<string, string> {
  const texts = new Map<string, string>();
  reading.filters.forEach((filter, index) => texts.set(`filter:${index}`, filter.text));
  const limitText = reading.rank?.count !== undefined ? reading.rank.text : reading.limit?.text;
  if (limitText) texts.set('limit', limitText);
  return texts;
}

function explicitType(reading: Reading): ChartType | undefined {
  return reading.chart?.type as ChartType | undefined;
}

/** "distribution of mpg", "histogram of weight": counts of a number in bins. */
function histogram(reading: Reading, context: QuestionContext): BuiltChart | null {
  const explicit = explicitType(reading);
  const isNumber = (name: string) => fieldOf(context, name)?.type === 'number';
  const asked =
    explicit === 'histogram' ||
    (!explicit && (reading.intents.has('distribution') || numberAgainstCount(reading, isNumber)));
  const isMeasure = (name: string) => isNumber(name) && fieldOf(context, name)?.role === 'measure';
  if (!asked || histogramMeansBars(reading, isNumber, isMeasure)) return null;
  const numbers = reading.measures.filter((measure) => isNumber(measure.measure.field));
  const bare = numbers.find((measure) => !measure.explicit) ?? numbers[0];
  // a number grouped plainly (a numeric category: cylinders, a rating) may be binned too
  const binned =
    reading.dimensions.find((dimension) => dimension.dimension.bin !== undefined) ??
    (explicit === 'histogram'
      ? reading.dimensions.find((dimension) => isNumber(dimension.dimension.field))
      : undefined);
  const fieldName = bare?.measure.field ?? binned?.dimension.field;
  if (!fieldName) return null;
  const bin = reading.binWidth?.width ?? niceBinWidth(context.ranges?.[fieldName]);
  const draft: ChartDraft = {
    ...newDraft(reading, context, 'histogram'),
    dimensions: [{ field: fieldName, bin }],
    measures: [ROW_COUNT],
  };
  const texts = baseTexts(reading);
  const fieldText = bare?.text ?? binned?.text ?? '';
  texts.set('dimension:0', fieldText);
  texts.set('bin:0', reading.binWidth?.text ?? fieldText);
  texts.set('chart', reading.chart?.text ?? reading.intents.get('distribution') ?? '');
  return { spec: draftToSpec(draft)!, texts, inferredType: false };
}

/** "weight by count", "order quantity vs count": one number named bare, beside a row count. */
function numberAgainstCount(reading: Reading, isNumber: (name: string) => boolean): boolean {
  if (reading.dimensions.length > 0 || reading.measures.length !== 2) return false;
  const counts = reading.measures.filter((measure) => measure.measure.field === '*');
  const bare = reading.measures.filter(
    (measure) => !measure.explicit && isNumber(measure.measure.field),
  );
  return counts.length === 1 && bare.length === 1;
}

/**
 * "average age by country in a histogram", "average capacity by opening year in a histogram":
 * people call bars of categories histograms. A category (or a year) grouped and nothing bare
 * to bin is bars, and so is a number named beside a text category in a histogram asked by name.
 */
function histogramMeansBars(
  reading: Reading,
  isNumber: (name: string) => boolean,
  isMeasure: (name: string) => boolean,
): boolean {
  const unbinned = reading.dimensions.filter((dimension) => dimension.dimension.bin === undefined);
  const aggregated = reading.measures.some(
    (measure) => measure.explicit && measure.measure.field !== '*',
  );
  // "histogram of cylinders" (a numeric category, nothing measured) still bins it
  const category = unbinned.some(
    ({ dimension }) => !isNumber(dimension.field) || (aggregated && !isMeasure(dimension.field)),
  );
  const bareNumber = reading.measures.some(
    (measure) => !measure.explicit && isNumber(measure.measure.field),
  );
  // "a histogram of the age and hometown of teachers": a number per text category, by name
  const textCategory = unbinned.some(({ dimension }) => !isNumber(dimension.field));
  return category && (!bareNumber || (reading.chart?.type === 'histogram' && textCategory));
}

/** "average capacity by year in a histogram": bars of a number, not counts along time. */
function measuresAField(measures: ReadMeasure[]): boolean {
  return measures.some((measure) => measure.measure.field !== '*');
}

function timeFirst(dimensions: ReadDimension[], context: QuestionContext): ReadDimension[] {
  const isTime = (dimension: ReadDimension) => {
    const field = fieldOf(context, dimension.dimension.field);
    return field?.type === 'date' || field?.role === 'time';
  };
  return [...dimensions.filter(isTime), ...dimensions.filter((dimension) => !isTime(dimension))];
}

function wantsScatter(reading: Reading, context: QuestionContext): boolean {
  const explicit = explicitType(reading);
  if (explicit === 'scatter' || reading.intents.has('relationship')) return true;
  if (explicit || reading.intents.has('share') || reading.intents.has('overTime')) return false;
  if (reading.measures.some((measure) => measure.explicit)) return false;
  const hasTime = reading.dimensions.some((dimension) => {
    const field = fieldOf(context, dimension.dimension.field);
    return field?.type === 'date' || field?.role === 'time';
  });
  // "displacement by mpg": a number grouped by another number is read as one against the other
  const binned = reading.dimensions.filter((dimension) => dimension.dimension.bin !== undefined);
  return reading.measures.length + binned.length >= 2 && !hasTime;
}

/** "horsepower vs weight by origin": raw points, x and y, coloured by a dimension. */
function scatter(reading: Reading, context: QuestionContext): BuiltChart | null {
  if (!wantsScatter(reading, context)) return null;
  const named = [
    ...reading.measures
      .filter((measure) => measure.measure.field !== '*')
      .map((measure) => ({
        field: measure.measure.field,
        text: measure.text,
        at: measure.partIndex,
        axis: measure.axis,
      })),
    ...reading.dimensions
      .filter((dimension) => dimension.role !== 'color')
      .map((dimension) => ({
        field: dimension.dimension.field,
        text: dimension.text,
        at: dimension.partIndex,
        axis: dimension.axis,
      })),
  ];
  const isNumber = (name: string) => fieldOf(context, name)?.type === 'number';
  const isMeasure = (name: string) => isNumber(name) && fieldOf(context, name)?.role === 'measure';
  const byPosition = (a: { at: number }, b: { at: number }) => a.at - b.at;
  // "for each weight ... weight": a field named twice is one axis
  const distinct = named.filter(
    (entry, index) => named.findIndex((other) => other.field === entry.field) === index,
  );
  const points = inAxisOrder([
    ...distinct.filter((entry) => isMeasure(entry.field)).sort(byPosition),
    ...distinct
      .filter((entry) => isNumber(entry.field) && !isMeasure(entry.field))
      .sort(byPosition),
    ...distinct.filter((entry) => !isNumber(entry.field)).sort(byPosition),
  ]);
  if (points.length < 2) return null;
  const [x, y] = points;
  const others = reading.dimensions.filter(
    (dimension) => ![x.field, y.field].includes(dimension.dimension.field),
  );
  const colour =
    others.find((dimension) => dimension.role === 'color') ??
    others.find((dimension) => !isNumber(dimension.dimension.field)) ??
    others[0];
  const draft: ChartDraft = {
    ...newDraft(reading, context, 'scatter'),
    dimensions: [
      { field: x.field },
      { field: y.field },
      ...(colour ? [{ field: colour.dimension.field }] : []),
    ],
  };
  const spec = draftToSpec(draft)!;
  spec.encoding = {
    x: x.field,
    y: [y.field],
    ...(colour ? { color: colour.dimension.field } : {}),
  };
  const texts = baseTexts(reading);
  texts.set('dimension:0', x.text);
  texts.set('dimension:1', y.text);
  if (colour) texts.set('dimension:2', colour.text);
  texts.set('chart', reading.chart?.text ?? reading.intents.get('relationship') ?? '');
  return { spec, texts, inferredType: false };
}

function aggregated(reading: Reading, context: QuestionContext): BuiltChart {
  const ordered = timeFirst(reading.dimensions, context);
  const [first, ...rest] = ordered;
  const seriesDimension = rest.find((dimension) => dimension.role !== 'dimension') ?? rest[0];
  const dimensions = [first, ...rest.filter((dimension) => dimension !== seriesDimension)].filter(
    Boolean,
  );
  const measures: ReadMeasure[] =
    reading.measures.length > 0
      ? reading.measures
      : [{ measure: ROW_COUNT, text: '', explicit: false, partIndex: -1 }];
  const explicit = explicitType(reading);
  const type =
    explicit && explicit !== 'histogram'
      ? explicit
      : explicit === 'histogram' && first && measuresAField(measures)
        ? columnOrBar(fieldOf(context, first.dimension.field), context)
        : defaultType(reading, context, dimensions, measures);
  const draft: ChartDraft = {
    ...newDraft(reading, context, type),
    dimensions: dimensions.map((dimension) => dimension.dimension),
    series: seriesDimension?.dimension ?? null,
    measures: measures.map((measure) => measure.measure),
  };
  const sorts = sortsOf(reading, draft);
  draft.sort = sorts.map((entry) => entry.sort);
  const texts = baseTexts(reading);
  dimensions.forEach((dimension, index) => {
    texts.set(`dimension:${index}`, dimension.text || dimension.grainText || '');
    if (dimension.grainText) texts.set(`grain:${index}`, dimension.grainText);
    if (dimension.dimension.bin !== undefined) texts.set(`bin:${index}`, dimension.text);
  });
  if (seriesDimension) texts.set('series', seriesDimension.text);
  measures.forEach((measure, index) => texts.set(`measure:${index}`, measure.text));
  sorts.forEach((entry, index) => texts.set(`sort:${index}`, entry.text));
  const chartText =
    reading.chart?.text ??
    (type === 'pie' || type === 'donut' ? reading.intents.get('share') : undefined);
  texts.set('chart', chartText ?? '');
  return { spec: draftToSpec(draft)!, texts, inferredType: !explicit };
}

/**
 * Without a chart word: no dimension -> kpi; a share -> pie; time on x -> line; counts of
 * number bins -> histogram; else columns for up to 12 known categories (or numbers), bars
 * for more or unknown. A second dimension is a series of that chart, never stacked unasked.
 */
function defaultType(
  reading: Reading,
  context: QuestionContext,
  dimensions: ReadDimension[],
  measures: ReadMeasure[],
): ChartType {
  const x = dimensions[0];
  if (!x) return 'kpi';
  if (reading.intents.has('share')) return 'pie';
  const field = fieldOf(context, x.dimension.field);
  if (field?.type === 'date' || field?.role === 'time') return 'line';
  const countsOnly = measures.length === 1 && measures[0].measure.agg === 'count';
  if (x.dimension.bin !== undefined && countsOnly) return 'histogram';
  return columnOrBar(field, context);
}

export function columnOrBar(field: DatasetField | undefined, context: QuestionContext): ChartType {
  if (!field || field.type === 'number') return 'column';
  const values = context.values[field.name];
  return values && values.length <= MAX_COLUMNS ? 'column' : 'bar';
}

/** Top/bottom N first (the first measure), then "sorted by", "alphabetically", "descending". */
function sortsOf(reading: Reading, draft: ChartDraft): Array<{ sort: QuerySort; text: string }> {
  const measureKeys = draft.measures.map(measureKey);
  const firstDimension = draft.dimensions[0]?.field;
  const sorts: Array<{ sort: QuerySort; text: string }> = [];
  if (reading.rank && measureKeys[0]) {
    sorts.push({ sort: { key: measureKeys[0], dir: reading.rank.dir }, text: reading.rank.text });
  }
  for (const request of reading.sorts) {
    let key: string | undefined;
    let dir = request.dir;
    if (request.target === 'measure') key = measureKeys[0] ?? firstDimension;
    else if (request.target === 'dimension') key = firstDimension;
    else {
      const target = request.target;
      key = draft.measures.find((measure) => measure.field === target.name)
        ? measureKey(draft.measures.find((measure) => measure.field === target.name)!)
        : [...draft.dimensions, ...(draft.series ? [draft.series] : [])].find(
            (d) => d.field === target.name,
          )?.field;
      dir = dir ?? (key && measureKeys.includes(key) ? 'desc' : 'asc');
    }
    if (key && !sorts.some((entry) => entry.sort.key === key)) {
      sorts.push({ sort: { key, dir: dir ?? 'desc' }, text: request.text });
    }
  }
  return sorts;
}
