import type { DatasetField } from '../analytics';
import type { ChartSpec, ChartType } from '../charts';
import { draftToSpec, specToDraft } from '../chartDraft';
import { askedBreakdown, plausibleDimensions } from './breakdown';
import { buildSpec, columnOrBar, type BuiltChart } from './buildSpec';
import { CHART_NEEDS, fitsType, needsDimension } from './chartFit';
import { defaultAggregation, groupingDimension } from './defaults';
import type { Reading } from './interpret';
import { CHART_NAMES } from './labels';
import { isMapType, mapChart } from './maps';
import type { Lexicon } from './lexicon';
import type { Part } from './scan';
import { titleFor } from './title';
import type { QuestionContext } from './types';
import type { Word } from './words';

// The chart of a reading, made drawable: a breakdown whose field was not placed gets the
// likely fields (best as the chart, the others as alternatives), and a chart type the fields
// cannot make becomes the nearest one that they can, with a note saying why.

interface PlannedChart {
  built: BuiltChart;
  /** the reading the chart was built from (the question's, with any breakdown found) */
  reading: Reading;
  /** other likely readings found here (the breakdown's other fields), best first */
  others: ChartSpec[];
  /** what the user should know about the answer, in sentences */
  notes: string[];
}

export interface Question {
  parts: Part[];
  words: Word[];
  reading: Reading;
}

export function planChart(
  question: Question,
  context: QuestionContext,
  lexicon: Lexicon,
): PlannedChart {
  const { reading } = question;
  const built = buildSpec(reading, context);
  const planned: PlannedChart = { built, reading, others: [], notes: [] };
  const missing = missingDimensions(question, built.spec);
  if (missing > 0) findBreakdown(planned, missing, context, lexicon, adoptsBreakdown(question));
  if (namesNothingToBin(reading, built.spec)) findNumberToBin(planned, context);
  if (isMapType(reading.chart?.type)) placeOnMap(planned, context);
  fitAskedType(planned, context);
  return planned;
}

/** How many dimensions the question or its chart type asks for beyond those it named. */
function missingDimensions(question: Question, spec: ChartSpec): number {
  const count = spec.query.dimensions.length;
  const asked = question.reading.chart?.type as ChartType | undefined;
  if (asked === 'heatmap') return Math.max(0, 2 - count);
  // a map finds its own fields: coordinates or a region field (maps.ts)
  if (isMapType(asked)) return 0;
  if (count > 0) return 0;
  if (asked) return needsDimension(asked) ? 1 : 0;
  return spec.type === 'kpi' && askedBreakdown(question.parts, question.words, question.reading)
    ? 1
    : 0;
}

/**
 * Whether a guessed field becomes the chart, or is only offered. "Total gross as a bar chart"
 * names no grouping: bars of one total are a single number, and the fields are offered; a
 * line, area, pie or heatmap is drawn along a field, and a question with "by" asked for one.
 */
function adoptsBreakdown({ parts, words, reading }: Question): boolean {
  const asked = reading.chart?.type;
  if (asked !== 'bar' && asked !== 'column' && asked !== 'stacked') return true;
  return askedBreakdown(parts, words, reading);
}

/** Each likely field (with the next best, when two are missing) makes one reading. */
function findBreakdown(
  planned: PlannedChart,
  missing: number,
  context: QuestionContext,
  lexicon: Lexicon,
  adopt: boolean,
): void {
  const { reading } = planned;
  const type = (reading.chart?.type as ChartType | undefined) ?? planned.built.spec.type;
  const candidates = plausibleDimensions(reading, context, lexicon, type);
  if (candidates.length === 0) return;
  const readings = candidates.map((field) =>
    [field, ...candidates.filter((other) => other !== field)]
      .slice(0, missing)
      .reduce((current, added) => withDimension(current, added, context), reading),
  );
  const built = readings.map((candidate) => ({
    reading: candidate,
    built: buildSpec(candidate, context),
  }));
  if (!adopt) {
    planned.others = built.map((other) => other.built.spec);
    return;
  }
  const [best, ...others] = built;
  planned.built = best.built;
  planned.reading = best.reading;
  planned.others = others.map((other) => other.built.spec);
  const more = others.length > 0 ? ' Other fields are offered as other readings.' : '';
  planned.notes.push(
    `No field to break it down by was found in the question; showing ${titleOf(best.built.spec, context)}.${more}`,
  );
}

/** "histogram" alone: no field named at all, so the numbers of the dataset are offered. */
function namesNothingToBin(reading: Reading, spec: ChartSpec): boolean {
  const named =
    reading.dimensions.length > 0 || reading.measures.some((m) => m.measure.field !== '*');
  return reading.chart?.type === 'histogram' && spec.type !== 'histogram' && !named;
}

function findNumberToBin(planned: PlannedChart, context: QuestionContext): void {
  const numbers = context.dataset.fields.filter(
    (field) => field.type === 'number' && field.role === 'measure',
  );
  const [best, ...others] = numbers.slice(0, 4).map((field) => {
    const measure = { field: field.name, agg: defaultAggregation(field) };
    const reading = {
      ...planned.reading,
      measures: [{ measure, text: '', explicit: false, partIndex: -1 }],
    };
    return { reading, built: buildSpec(reading, context) };
  });
  if (!best) return;
  planned.built = best.built;
  planned.reading = best.reading;
  planned.others = others.map((other) => other.built.spec);
  planned.notes.push(
    `No numeric field was named to bin; showing ${titleOf(best.built.spec, context)}. Other numbers are offered as other readings.`,
  );
}

function withDimension(reading: Reading, field: DatasetField, context: QuestionContext): Reading {
  const dimension = groupingDimension(field, context);
  return {
    ...reading,
    dimensions: [...reading.dimensions, { dimension, role: 'dimension', text: '', partIndex: -1 }],
  };
}

/** A map asked for: of points or of regions, as the fields allow; a note when not the one asked. */
function placeOnMap(planned: PlannedChart, context: QuestionContext): void {
  const asked = planned.reading.chart?.type as ChartType;
  // neither coordinates nor regions: the chart the question gets without the map word
  const mapped =
    mapChart(planned.built, context) ??
    buildSpec({ ...planned.reading, chart: undefined }, context);
  planned.built = mapped;
  if (mapped.spec.type === asked) return;
  planned.notes.push(
    `A ${CHART_NAMES[asked].toLowerCase()} needs ${CHART_NEEDS[asked]}; showing ${titleOf(mapped.spec, context)} instead.`,
  );
}

/** A chart type asked by name (or implied) that the fields cannot make: the nearest that fits. */
function fitAskedType(planned: PlannedChart, context: QuestionContext): void {
  const { reading } = planned;
  const fields = context.dataset.fields;
  const asked = reading.chart?.type as ChartType | undefined;
  const { spec } = planned.built;
  const fits = fitsType(spec, fields);
  // "where are ..." asks for a map: of points or of regions, as the fields allow
  const sameKind = spec.type === asked || (isMapType(asked) && isMapType(spec.type));
  if (fits && (!asked || sameKind)) return;
  const nearest = nearestFitting(planned.built, reading, context);
  planned.built = nearest;
  const wanted = asked && spec.type !== asked ? asked : spec.type;
  const name = CHART_NAMES[wanted].toLowerCase();
  const article = /^[aeiou]/.test(name) ? 'An' : 'A';
  planned.notes.push(
    `${article} ${name} needs ${CHART_NEEDS[wanted]}; showing ${titleOf(nearest.spec, context)} instead.`,
  );
}

/**
 * One number asked as a scatter: its distribution. Otherwise the chart the question gets
 * without the type word, then columns, then a table (which draws any query).
 */
function nearestFitting(built: BuiltChart, reading: Reading, context: QuestionContext): BuiltChart {
  const fields = context.dataset.fields;
  const candidates: Array<() => BuiltChart | null> = [
    () => (reading.chart?.type === 'scatter' ? asHistogram(reading, context) : null),
    // "average capacity by opening year in a histogram": the bars already built
    () => (reading.chart?.type === 'histogram' ? built : null),
    // a pie of several measures keeps them all, side by side
    () => (severalMeasures(built, reading) ? retyped(built, columnOrBarOf(built, context)) : null),
    () => buildSpec({ ...reading, chart: undefined }, context),
    () => retyped(built, 'column'),
    () => retyped(built, 'table'),
  ];
  for (const candidate of candidates) {
    const result = candidate();
    if (result && fitsType(result.spec, fields)) return result;
  }
  return retyped(built, 'table') ?? built;
}

function severalMeasures(built: BuiltChart, reading: Reading): boolean {
  const pie = reading.chart?.type === 'pie' || reading.chart?.type === 'donut';
  return pie && built.spec.query.measures.length > 1;
}

function columnOrBarOf(built: BuiltChart, context: QuestionContext): ChartType {
  const x = built.spec.query.dimensions[0]?.field;
  return columnOrBar(
    context.dataset.fields.find((field) => field.name === x),
    context,
  );
}

function asHistogram(reading: Reading, context: QuestionContext): BuiltChart | null {
  if (reading.dimensions.length > 0) return null;
  return buildSpec(
    { ...reading, chart: { type: 'histogram', text: reading.chart!.text } },
    context,
  );
}

function retyped(built: BuiltChart, type: ChartType): BuiltChart | null {
  const spec = draftToSpec({ ...specToDraft(built.spec), type });
  return spec ? { ...built, spec } : null;
}

function titleOf(spec: ChartSpec, context: QuestionContext): string {
  const title = titleFor(spec, context.dataset.fields, context.dataset.name);
  return title.charAt(0).toLowerCase() + title.slice(1);
}
