import type {
  Aggregation,
  DatasetField,
  QueryDimension,
  QueryFilter,
  QueryMeasure,
  TimeGrain,
} from '../analytics';
import { comparisonFilter, isYearLike, type Operand } from './comparisons';
import { defaultAggregation, groupingDimension } from './defaults';
import { applyAxes, type Axis, type AxisMark } from './axes';
import { isIdentifier, type Lexicon } from './lexicon';
import { isRowUnit, unitIsCategory, type RowUnit } from './rowUnit';
import type { Part } from './scan';
import { foldWord, normalizeWord } from './words';
import type { QuestionContext } from './types';
import type { CompareOp, GroupRole, Intent, SortDirection } from './vocabulary';

// The second pass: the parts of a question, left to right, become a reading: measures,
// dimensions, filters, ranking and the chart words. Choosing the chart is left to buildSpec.

export interface ReadMeasure {
  measure: QueryMeasure;
  text: string;
  /** false for a number named without an aggregation (its default was taken) */
  explicit: boolean;
  partIndex: number;
  axis?: Axis;
}

export interface ReadDimension {
  dimension: QueryDimension;
  role: GroupRole;
  text: string;
  grainText?: string;
  partIndex: number;
  axis?: Axis;
}

export interface ReadFilter {
  filter: QueryFilter;
  text: string;
}

export interface SortRequest {
  /** a field, or the first measure / first dimension of the chart */
  target: DatasetField | 'measure' | 'dimension';
  dir?: SortDirection;
  text: string;
}

export interface Reading {
  measures: ReadMeasure[];
  dimensions: ReadDimension[];
  filters: ReadFilter[];
  sorts: SortRequest[];
  rank?: { dir: SortDirection; count?: number; text: string };
  limit?: { count: number; text: string };
  binWidth?: { width: number; text: string };
  chart?: { type: string; text: string };
  intents: Map<Intent, string>;
  unmatched: string[];
  /** fields the question put on an axis ("mpg on the y axis", "Y vs X") */
  axisMarks: AxisMark[];
  /** field words that could name other fields, for alternative readings */
  ambiguous: Array<{ partIndex: number; others: DatasetField[] }>;
  /** the rows were named ("cars", "all artists", "each cinema") */
  rowsNamed: boolean;
  /** the field naming the things named as rows ("products": Product Name), when not the table's */
  rowsNamedBy?: DatasetField;
  understood: boolean;
}

/** A different field for one part of the question: how alternatives are read. */
interface Override {
  partIndex: number;
  field: DatasetField;
}

type Mode = GroupRole | 'sort' | null;

const ROW_COUNT: QueryMeasure = { field: '*', agg: 'count' };
/** A category of at most this many values counted per group counts its distinct values. */
const FEW_COUNTED_VALUES = 12;
/** What may stand between a sort word and its "by": "sort bars in ascending order by". */
const SORT_GAP_KINDS = new Set<Part['kind']>([
  'connector',
  'direction',
  'axis',
  'chart',
  'unmatched',
  'sortVerb',
]);
const QUIET_KINDS = new Set<Part['kind']>(['unmatched', 'connector', 'join', 'negate']);

export function interpret(
  parts: Part[],
  context: QuestionContext,
  lexicon: Lexicon,
  override?: Override,
): Reading {
  return new Interpreter(parts, context, lexicon, override).read();
}

class Interpreter {
  private readonly reading: Reading = {
    measures: [],
    dimensions: [],
    filters: [],
    sorts: [],
    intents: new Map(),
    unmatched: [],
    ambiguous: [],
    axisMarks: [],
    rowsNamed: false,
    understood: false,
  };
  private pendingAxis: AxisMark['axis'] | null = null;
  private rowUnit: RowUnit | null = null;
  /** "number of hometowns": a category counted, grouped by when nothing else groups */
  private countedCategory: RowUnit | null = null;
  private readonly consumed = new Set<number>();
  /** parts naming a category without a "by" before it ("the age and hometown of ...") */
  private readonly bareCategories: number[] = [];
  private mode: Mode = null;
  private pendingAgg: { agg: Aggregation; text: string } | null = null;
  /** the direction of "in descending order of <field>" */
  private pendingSortDir: SortDirection | undefined;
  /** where the last "sort", "rank", "list" was: a "by" right after it names the sort */
  private sortVerbAt = -1;
  /** value lists joined by "or" ("from SFO or LAX"): a filter, not values to compare */
  private readonly alternatives = new Set<ReadFilter>();
  private negation: string | null = null;
  private connector: string | null = null;
  private lastValueFilter: ReadFilter | null = null;

  constructor(
    private readonly parts: Part[],
    private readonly context: QuestionContext,
    private readonly lexicon: Lexicon,
    override?: Override,
  ) {
    if (override) {
      const part = parts[override.partIndex];
      if (part.kind === 'field' || part.kind === 'value') {
        this.parts = parts.map((candidate, index) =>
          index === override.partIndex ? { ...part, field: override.field, others: [] } : candidate,
        );
      }
    }
    this.dropSharedHeadWords();
  }

  read(): Reading {
    this.parts.forEach((_, index) => {
      if (!this.consumed.has(index)) this.readPart(index);
    });
    this.finish();
    this.reading.understood = this.parts.some((part) => !QUIET_KINDS.has(part.kind));
    return this.reading;
  }

  /** "IMDB and Rotten Tomatoes rating": "rating" could be either, and both are named. */
  private dropSharedHeadWords(): void {
    this.parts.forEach((part, index) => {
      if (part.kind !== 'field' || part.match === 'exact' || part.others.length === 0) return;
      const candidates = [part.field, ...part.others];
      const namedElsewhere = this.parts.some(
        (other, otherIndex) =>
          otherIndex !== index && other.kind === 'field' && candidates.includes(other.field),
      );
      if (namedElsewhere) this.consumed.add(index);
    });
  }

  private readPart(index: number): void {
    const part = this.parts[index];
    const keepsConnector = part.kind === 'connector' || part.kind === 'negate';
    switch (part.kind) {
      case 'unmatched':
        this.reading.unmatched.push(part.text);
        break;
      case 'field':
        this.readField(index, part.field, part.text);
        break;
      case 'value':
        if (this.pendingAgg && part.alsoField) this.readField(index, part.alsoField, part.text);
        else this.readValue(index);
        break;
      case 'rows':
        if (part.namedBy) this.reading.rowsNamedBy = part.namedBy;
        this.readRows();
        break;
      case 'agg':
        this.readAggregation(index, part.agg, Boolean(part.countLike), part.text);
        break;
      case 'number':
        this.readNumber(index);
        break;
      case 'date':
        this.reading.unmatched.push(part.text);
        break;
      case 'since':
        this.addTimeFilter({ op: '>=', iso: part.iso }, part.text);
        break;
      case 'relative':
        this.addRelativeFilter(part, part.text);
        break;
      case 'group':
        this.mode = this.sortsBy(index) || this.byThenDirection(index) ? 'sort' : part.role;
        break;
      case 'sortVerb':
        this.sortVerbAt = index;
        break;
      case 'over':
        if (this.operandAt(index + 1)) this.readComparison(index, '>', part.text);
        else this.mode = 'dimension';
        break;
      case 'compare':
        this.readComparison(index, part.op, part.text, false, part.temporal);
        break;
      case 'grain':
        this.addTimeDimension(part.text, part.grain);
        break;
      case 'intent':
        this.reading.intents.set(part.intent, part.text);
        if (part.intent === 'overTime') this.addTimeDimension(part.text);
        if (part.intent === 'versus') this.markVersus(index);
        break;
      case 'rank':
        this.readRank(index, part.dir, part.superlative, part.text);
        break;
      case 'limit':
        this.readLimit(index, part.text);
        break;
      case 'binWidth':
        this.readBinWidth(index, part.text);
        break;
      case 'sortBy':
        this.mode = 'sort';
        this.pendingSortDir = part.dir;
        break;
      case 'direction':
        this.setDirection(part.dir, part.text);
        break;
      case 'alphabetical':
        this.reading.sorts.push({ target: 'dimension', dir: 'asc', text: part.text });
        break;
      case 'axis':
        this.markAxis(index, part.axis, true);
        break;
      case 'chart':
        // "in the artist table": the dataset, not a table chart
        if (part.type === 'table' && this.parts[index - 1]?.kind === 'rows') break;
        this.reading.chart = { type: part.type, text: part.text };
        break;
      case 'negate':
        this.negation = part.text;
        break;
      case 'join':
        return;
      case 'connector':
        this.readConnector(index, part.word);
        break;
    }
    if (!keepsConnector) this.connector = null;
    if (part.kind !== 'value') this.lastValueFilter = null;
  }

  private readField(index: number, chosen: DatasetField, text: string): void {
    const part = this.parts[index];
    const field = this.fittingField(index, chosen);
    if (this.pendingAxis) {
      this.reading.axisMarks.push({ axis: this.pendingAxis, partIndex: index, explicit: true });
      this.pendingAxis = null;
    }
    if ((part.kind === 'field' || part.kind === 'value') && part.others.length > 0) {
      this.reading.ambiguous.push({ partIndex: index, others: part.others });
    }
    if (this.mode === 'sort') {
      this.reading.sorts.push({ target: field, dir: this.pendingSortDir, text });
      this.pendingSortDir = undefined;
      this.mode = null;
      return;
    }
    if (this.namesTheRows(field, text)) {
      this.readRows();
      return;
    }
    if (this.pendingAgg && this.readAggregatedField(index, field, text)) return;
    if (this.namesTheSort(index, field)) {
      this.reading.sorts.push({ target: field, text });
      this.mode = null;
      return;
    }
    const rankedBy =
      this.reading.rank && this.reading.measures.length === 0 && field.role === 'measure';
    if (this.mode && !(rankedBy && field.type === 'number')) {
      const group = this.parts[index - 1];
      const groupText = group?.kind === 'group' ? group.text : undefined;
      if (isRowUnit(groupText, field, this.lexicon.identityField)) {
        this.rowUnit = { field, text: `${groupText} ${text}`, partIndex: index };
        this.mode = null;
        return;
      }
      this.addDimension(index, field, this.mode, text);
      // "by origin and cylinders" goes on; "by cylinders a model has" does not
      if (this.parts[index + 1]?.kind !== 'join') this.mode = null;
      return;
    }
    this.mode = null;
    this.readBareField(index, field, text);
  }

  /**
   * "sort in ascending by the names", "rank by the y axis", "list by the X": a plain "by" soon
   * after a sort word says what to sort by; words of direction or axis may come between.
   */
  private sortsBy(index: number): boolean {
    const part = this.parts[index];
    if (this.sortVerbAt < 0 || part.kind !== 'group' || part.text.toLowerCase() !== 'by')
      return false;
    const between = this.parts.slice(this.sortVerbAt + 1, index);
    return between.every((other) => SORT_GAP_KINDS.has(other.kind));
  }

  /** A count word read as what to order by: after "by" next to a direction or sort word. */
  private ordersBy(index: number): boolean {
    const previous = this.parts[index - 1];
    const [next, after] = this.parts.slice(index + 1, index + 3);
    if (previous?.kind === 'direction' || next?.kind === 'direction') return true;
    if (next?.kind === 'connector' && after?.kind === 'direction') return true;
    if (previous?.kind !== 'group' || previous.text.toLowerCase() !== 'by') return false;
    const before = this.parts.slice(Math.max(0, index - 4), index - 1);
    return before.some((part) => part.kind === 'direction' || part.kind === 'sortVerb');
  }

  /** A sort word just before, with only direction or axis words between. */
  private followsSortVerb(index: number): boolean {
    if (this.sortVerbAt < 0 || this.sortVerbAt >= index) return false;
    const between = this.parts.slice(this.sortVerbAt + 1, index);
    return between.every((other) => SORT_GAP_KINDS.has(other.kind));
  }

  /**
   * "average weight by sex, list names in desc order": once the chart has its grouping, a
   * text field right before a direction is what to sort by, not another grouping.
   */
  private namesTheSort(index: number, field: DatasetField): boolean {
    if (this.reading.dimensions.length === 0 || field.type === 'number') return false;
    if (this.reading.dimensions.some((read) => read.dimension.field === field.name)) return false;
    const [next, after] = this.parts.slice(index + 1, index + 3);
    return (
      next?.kind === 'direction' || (next?.kind === 'connector' && after?.kind === 'direction')
    );
  }

  /**
   * "the descriptions of all aircrafts" in a table of aircraft with an `Aircraft` column: the
   * plural of the dataset's own noun is its rows; "by aircraft", "which aircraft" group by it.
   */
  private namesTheRows(field: DatasetField, text: string): boolean {
    if (field !== this.lexicon.datasetNamedField || this.mode) return false;
    return normalizeWord(text) !== foldWord(text);
  }

  /**
   * "average age by country, display by the names in desc": once the chart has its grouping,
   * "by" a field followed by a direction says how to sort it.
   */
  private byThenDirection(index: number): boolean {
    const part = this.parts[index];
    if (part.kind !== 'group' || part.text.toLowerCase() !== 'by') return false;
    if (this.reading.dimensions.length === 0) return false;
    const [named, next, after] = this.parts.slice(index + 1, index + 4);
    if (named?.kind !== 'field') return false;
    const isDirection = (other: Part | undefined) => other?.kind === 'direction';
    return isDirection(next) || (next?.kind === 'connector' && isDirection(after));
  }

  /** "average rating": of the fields the word may name, the first a number when averaging. */
  private fittingField(index: number, field: DatasetField): DatasetField {
    const part = this.parts[index];
    const agg = this.pendingAgg?.agg;
    if (!agg || agg === 'count' || agg === 'count_distinct' || field.type === 'number')
      return field;
    if (part.kind !== 'field' || part.others.length === 0) return field;
    return part.others.find((other) => other.type === 'number') ?? field;
  }

  /** "on the x axis" after a field puts that field there; before one, the next field. */
  private markAxis(index: number, axis: AxisMark['axis'], explicit: boolean): void {
    const previous = this.parts[index - 1];
    const previousMarked = this.reading.axisMarks.some((mark) => mark.partIndex === index - 1);
    if (previous && ['field', 'value', 'rows'].includes(previous.kind) && !previousMarked) {
      const partIndex = previous.kind === 'rows' ? -1 : index - 1;
      this.reading.axisMarks.push({ axis, partIndex, explicit });
    } else {
      this.pendingAxis = axis;
    }
  }

  /** "Y vs X", "Y against X": the field before goes up the y axis, the one after along x. */
  private markVersus(index: number): void {
    this.mode = null;
    const before = this.parts[index - 1];
    if (before?.kind === 'field') {
      this.reading.axisMarks.push({ axis: 'y', partIndex: index - 1, explicit: false });
    }
    if (this.parts[index + 1]?.kind === 'field') {
      this.reading.axisMarks.push({ axis: 'x', partIndex: index + 1, explicit: false });
    }
  }

  /** A field after "average", "number of", "highest". False when the aggregation does not fit. */
  private readAggregatedField(index: number, field: DatasetField, text: string): boolean {
    const { agg, text: aggText } = this.pendingAgg!;
    const counting = agg === 'count' || agg === 'count_distinct';
    let measure: QueryMeasure;
    if (field === this.lexicon.identityField && counting) measure = ROW_COUNT;
    else if (field.type !== 'number' && agg === 'count') {
      // "number of orders by region", "how many sex from different sex": the rows are
      // counted; only "distinct", "unique" or "different" counts the field's values
      measure = ROW_COUNT;
      this.countedCategory = { field, text: `${aggText} ${text}`, partIndex: index };
    } else if (field.type !== 'number' && counting)
      measure = { field: field.name, agg: 'count_distinct' };
    else if (field.type === 'number') measure = { field: field.name, agg };
    else return false;
    this.pendingAgg = null;
    this.mode = null;
    this.addMeasure(measure, `${aggText} ${text}`, true, index);
    return true;
  }

  private readBareField(index: number, field: DatasetField, text: string): void {
    if (field.type === 'boolean') {
      this.addFilter(
        { field: field.name, op: '=', value: this.negation === null },
        joinText(this.negation, text),
      );
      this.negation = null;
    } else if (field === this.lexicon.identityField) {
      this.readRows();
    } else if (field.type === 'date' || field === this.lexicon.timeField) {
      this.addDimension(index, field, 'dimension', text);
    } else if (field.type === 'number' && field.role !== 'dimension') {
      this.addMeasure({ field: field.name, agg: defaultAggregation(field) }, text, false, index);
    } else {
      this.bareCategories.push(index);
      this.addDimension(index, field, 'dimension', text);
    }
  }

  private readRows(): void {
    this.reading.rowsNamed = true;
    if (
      this.pendingAgg &&
      ['count', 'count_distinct', 'max', 'min'].includes(this.pendingAgg.agg)
    ) {
      this.addMeasure(ROW_COUNT, this.pendingAgg.text, true, -1);
      this.pendingAgg = null;
    }
  }

  private readAggregation(index: number, agg: Aggregation, countLike: boolean, text: string): void {
    // "sorted by average delay": the field that follows names the sort
    if (this.mode === 'sort') return;
    // "sort total number from high to low": the chart's measure is sorted, not a new one
    if (this.reading.measures.length > 0 && this.followsSortVerb(index)) {
      this.reading.sorts.push({ target: 'measure', text });
      if (this.parts[index + 1]?.kind === 'field') this.mode = 'sort';
      return;
    }
    const next = this.parts[index + 1];
    if (countLike && next?.kind === 'field' && next.field.type === 'number') {
      // "count the last year", "count of cylinders": rows counted for each of its values
      if (/^count( of)?$/i.test(text)) {
        this.consumed.add(index + 1);
        this.addDimension(index + 1, next.field, 'dimension', next.text);
        this.addMeasure(ROW_COUNT, text, true, index);
      }
      // "number of cylinders" names the field itself
      return;
    }
    const nextNames =
      next &&
      (next.kind === 'field' || next.kind === 'rows' || (next.kind === 'value' && next.alsoField));
    // "display in descending by the total number", "show by the total number in asc": a count
    // named only to order by, once the chart has its measure, sorts that measure
    if (countLike && !nextNames && this.reading.measures.length > 0 && this.ordersBy(index)) {
      this.reading.sorts.push({ target: 'measure', text });
      this.mode = null;
      return;
    }
    if (nextNames) {
      this.pendingAgg = { agg, text };
      this.mode = null;
      return;
    }
    const previous = this.reading.measures.at(-1);
    if (previous && !previous.explicit && previous.partIndex === index - 1 && agg !== 'count') {
      previous.measure = { field: previous.measure.field, agg };
      previous.explicit = true;
      previous.text = `${previous.text} ${text}`;
      return;
    }
    if (countLike) {
      this.addMeasure(ROW_COUNT, text, true, index);
      return;
    }
    this.pendingAgg = { agg, text };
  }

  private readValue(index: number): void {
    const part = this.parts[index] as Extract<Part, { kind: 'value' }>;
    const field = this.fieldForValue(part);
    const resolvedByConnector = this.connector !== null && field.synonyms.includes(this.connector);
    if (!resolvedByConnector && part.others.length > 0) {
      this.reading.ambiguous.push({ partIndex: index, others: part.others });
    }
    const previous = this.lastValueFilter;
    if (
      previous &&
      previous.filter.field === field.name &&
      this.parts[index - 1]?.kind !== 'number'
    ) {
      const { op, value } = previous.filter;
      const values = Array.isArray(value) ? [...value] : [value as string];
      previous.filter = {
        field: field.name,
        op: op === '!=' || op === 'not in' ? 'not in' : 'in',
        value: [...values, part.value],
      };
      previous.text = `${previous.text} ${part.text}`;
      const joiner = this.parts[index - 1];
      if (joiner?.kind === 'join' && joiner.word === 'or') this.alternatives.add(previous);
      return;
    }
    if (this.mode === 'series' || this.mode === 'color') {
      // "one plot for each of Europe, Japan and USA": the values' field splits the chart
      this.addDimension(index, field, this.mode, part.text);
    }
    // "with theme Spring": the field named right before its value says which, not a grouping
    const named = this.parts[index - 1];
    if (named?.kind === 'field' && named.field === field) this.dropDimension(index - 1, field);
    const negated = this.negation !== null;
    const filter: ReadFilter = {
      filter: { field: field.name, op: negated ? '!=' : '=', value: part.value },
      text: joinText(this.negation, part.text),
    };
    this.negation = null;
    this.mode = null;
    this.reading.filters.push(filter);
    this.lastValueFilter = filter;
  }

  /** "from SFO": the field whose synonyms hold the connector word, else the first. */
  private fieldForValue(part: Extract<Part, { kind: 'value' }>): DatasetField {
    const connector = this.connector;
    if (!connector || part.others.length === 0) return part.field;
    const fields = [part.field, ...part.others];
    return fields.find((field) => field.synonyms.includes(connector)) ?? part.field;
  }

  private readNumber(index: number): void {
    const part = this.parts[index] as Extract<Part, { kind: 'number' }>;
    const next = this.parts[index + 1];
    if (next?.kind === 'rank' && next.superlative) {
      this.consumed.add(index + 1);
      this.reading.rank = { dir: next.dir, count: part.value, text: `${part.text} ${next.text}` };
      return;
    }
    if (next?.kind === 'connector' && next.word === 'to' && this.operandAt(index + 2)) {
      this.readComparison(index - 1, 'between', '', true);
      return;
    }
    if (next?.kind === 'field' && next.field.type === 'number') {
      this.consumed.add(index + 1);
      this.addEquality(next.field, part.value, `${part.text} ${next.text}`);
      return;
    }
    const previousMeasure = this.reading.measures.at(-1);
    if (previousMeasure && !previousMeasure.explicit && previousMeasure.partIndex === index - 1) {
      this.reading.measures.pop();
      const field = this.fieldNamed(previousMeasure.measure.field);
      this.addEquality(field, part.value, `${previousMeasure.text} ${part.text}`);
      return;
    }
    this.reading.unmatched.push(part.text);
  }

  private addEquality(field: DatasetField, value: number, text: string): void {
    const op = this.negation === null ? '=' : '!=';
    this.negation = null;
    this.addFilter({ field: field.name, op, value }, text);
  }

  private readConnector(index: number, word: string): void {
    const next = this.parts[index + 1];
    const operand = this.operandAt(index + 1);
    if (word === 'from' && operand) {
      const to = this.parts[index + 2];
      if (to?.kind === 'connector' && to.word === 'to' && this.operandAt(index + 3)) {
        this.readComparison(index, 'between', 'from', true);
        return;
      }
    }
    if ((word === 'in' || word === 'for') && operand && isYearLike(operand) && next) {
      this.consumed.add(index + 1);
      this.addTimeFilter({ op: '=', operand }, `${word} ${next.text}`);
      return;
    }
    this.connector = word;
  }

  private operandAt(index: number): Operand | null {
    const part = this.parts[index];
    if (part?.kind === 'number') return { kind: 'number', value: part.value };
    if (part?.kind === 'date')
      return { kind: 'date', iso: part.iso, year: part.year, endIso: part.endIso };
    return null;
  }

  /**
   * "over 100", "between 10 and 20", "from 1990 to 2000": the operands follow the comparison
   * word at `index` (`toWord`: the second operand comes after "to" rather than "and").
   */
  private readComparison(
    index: number,
    op: CompareOp,
    text: string,
    toWord = false,
    temporal = false,
  ): void {
    const first = this.operandAt(index + 1);
    if (!first) {
      if (text) this.reading.unmatched.push(text);
      return;
    }
    const operands = [first];
    let end = index + 1;
    if (op === 'between') {
      const joiner = this.parts[index + 2];
      const second = this.operandAt(index + 3);
      const joins = toWord
        ? joiner?.kind === 'connector' && joiner.word === 'to'
        : joiner?.kind === 'join';
      if (!joins || !second) {
        this.reading.unmatched.push(text, this.parts[index + 1].text);
        this.consumed.add(index + 1);
        return;
      }
      operands.push(second);
      end = index + 3;
    }
    for (let consumed = index + 1; consumed <= end; consumed += 1) this.consumed.add(consumed);
    const words = [text, ...this.parts.slice(index + 1, end + 1).map((part) => part.text)]
      .filter(Boolean)
      .join(' ');
    const field = this.comparedField(index, end, operands, temporal || toWord);
    if (!field) {
      this.reading.unmatched.push(words);
      return;
    }
    const filter = comparisonFilter(field.field, op, operands);
    if (filter) this.addFilter(filter, joinText(field.text, words));
    else this.reading.unmatched.push(words);
  }

  /**
   * The field a comparison is about: the nearest number or date field named before the
   * comparison word or right after its operands; a year means the time field; else the
   * first measure's field.
   */
  private comparedField(
    start: number,
    end: number,
    operands: Operand[],
    temporal: boolean,
  ): { field: DatasetField; text: string } | null {
    const timeField = this.lexicon.timeField;
    const years = operands.every(isYearLike);
    const dates = operands.some((operand) => operand.kind === 'date') || (temporal && years);
    const comparable = (part: Part | undefined): part is Extract<Part, { kind: 'field' }> =>
      part?.kind === 'field' &&
      (dates
        ? part.field.type === 'date' || part.field === timeField
        : part.field.type === 'number' || (part.field.type === 'date' && years));
    let before = -1;
    for (let index = start - 1; index >= Math.max(0, start - 3); index -= 1) {
      const part = this.parts[index];
      if (comparable(part)) {
        before = index;
        break;
      }
      if (part.kind !== 'unmatched' && part.kind !== 'connector' && part.kind !== 'rows') break;
    }
    const after = comparable(this.parts[end + 1]) ? end + 1 : -1;
    const useAfter = after >= 0 && (before < 0 || after - end < start - before);
    if (useAfter) {
      this.consumed.add(after);
      // "more than 2000 miles distance": the unit and the field name the same field
      const repeated = this.parts[after + 1];
      const afterField = (this.parts[after] as Extract<Part, { kind: 'field' }>).field;
      if (repeated?.kind === 'field' && repeated.field === afterField) this.consumed.add(after + 1);
      const part = this.parts[after] as Extract<Part, { kind: 'field' }>;
      return { field: part.field, text: '' };
    }
    if (before >= 0) {
      const part = this.parts[before] as Extract<Part, { kind: 'field' }>;
      this.dropBareMeasure(before);
      this.dropDimension(before, part.field);
      return { field: part.field, text: part.text };
    }
    if (timeField && (dates || years)) return { field: timeField, text: '' };
    const measureField = this.reading.measures.find((measure) => measure.measure.field !== '*');
    if (measureField) return { field: this.fieldNamed(measureField.measure.field), text: '' };
    return null;
  }

  /** A field named right before a comparison is its subject, not a measure of its own. */
  private dropBareMeasure(partIndex: number): void {
    const position = this.reading.measures.findIndex(
      (measure) => measure.partIndex === partIndex && !measure.explicit,
    );
    if (position >= 0) this.reading.measures.splice(position, 1);
  }

  private dropDimension(partIndex: number, field: DatasetField): void {
    const position = this.reading.dimensions.findIndex(
      (dimension) => dimension.partIndex === partIndex && dimension.dimension.field === field.name,
    );
    // "whose ID is between 10 and 20": the field compared is filtered, not grouped by
    if (position >= 0 && this.reading.dimensions[position].role === 'dimension') {
      this.reading.dimensions.splice(position, 1);
    }
  }

  private readRank(index: number, dir: SortDirection, superlative: boolean, text: string): void {
    const next = this.parts[index + 1];
    if (!superlative) {
      if (next?.kind === 'number') {
        this.consumed.add(index + 1);
        this.reading.rank = { dir, count: next.value, text: `${text} ${next.text}` };
      } else {
        this.reading.rank = { dir, text };
      }
      return;
    }
    // "which origin has the highest mpg": categories ranked by the number, top first;
    // "highest temperature per month" (nothing grouped yet) is the maximum
    const grouped = this.reading.dimensions.length > 0;
    if (next?.kind === 'field' && next.field.type === 'number' && !this.pendingAgg && !grouped) {
      this.pendingAgg = { agg: dir === 'desc' ? 'max' : 'min', text };
      return;
    }
    if (next?.kind === 'rows' && !this.pendingAgg) this.pendingAgg = { agg: 'count', text: '' };
    this.reading.rank = { dir, text };
  }

  private readLimit(index: number, text: string): void {
    const next = this.parts[index + 1];
    if (next?.kind !== 'number') {
      this.reading.unmatched.push(text);
      return;
    }
    this.consumed.add(index + 1);
    this.reading.limit = { count: next.value, text: `${text} ${next.text}` };
  }

  /** "bin width of 500": the width of the histogram's bins. */
  private readBinWidth(index: number, text: string): void {
    const next = this.parts[index + 1];
    if (next?.kind !== 'number' || !(next.value > 0)) {
      this.reading.unmatched.push(text);
      return;
    }
    this.consumed.add(index + 1);
    this.reading.binWidth = { width: next.value, text: `${text} ${next.text}` };
  }

  private setDirection(dir: SortDirection, text: string): void {
    const last = this.reading.sorts.at(-1);
    if (last && !last.dir) {
      last.dir = dir;
      last.text = `${last.text} ${text}`;
    } else {
      this.reading.sorts.push({ target: 'measure', dir, text });
    }
  }

  private addMeasure(
    measure: QueryMeasure,
    text: string,
    explicit: boolean,
    partIndex: number,
  ): void {
    const key = `${measure.agg} ${measure.field}`;
    if (
      this.reading.measures.some(
        (existing) => `${existing.measure.agg} ${existing.measure.field}` === key,
      )
    )
      return;
    this.reading.measures.push({ measure, text, explicit, partIndex });
  }

  private addDimension(
    partIndex: number,
    field: DatasetField,
    role: GroupRole,
    text: string,
  ): void {
    const existing = this.reading.dimensions.find(
      (dimension) => dimension.dimension.field === field.name,
    );
    if (existing) {
      if (role !== 'dimension') existing.role = role;
      return;
    }
    this.reading.dimensions.push({
      dimension: groupingDimension(field, this.context),
      role,
      text,
      partIndex,
    });
  }

  /** "over time", "by month", "yearly": the time field as a dimension. */
  private addTimeDimension(text: string, grain?: TimeGrain): void {
    const timeField = this.lexicon.timeField;
    const monthField = this.lexicon.monthField;
    // "by month" over a column of month names, when no date can be cut into months
    if (grain === 'month' && monthField && timeField?.type !== 'date') {
      this.mode = null;
      this.addDimension(-1, monthField, 'dimension', text);
      return;
    }
    if (!timeField) {
      this.reading.unmatched.push(text);
      return;
    }
    this.mode = null;
    const existing = this.reading.dimensions.find(
      (dimension) => dimension.dimension.field === timeField.name,
    );
    const dimension = groupingDimension(timeField, this.context, grain);
    if (existing) {
      if (grain && timeField.type === 'date') existing.dimension = dimension;
      existing.grainText = text;
      return;
    }
    this.reading.dimensions.push({
      dimension,
      role: 'dimension',
      text: '',
      grainText: text,
      partIndex: -1,
    });
  }

  private addTimeFilter(
    comparison: { op: CompareOp; iso: string } | { op: CompareOp; operand: Operand },
    text: string,
  ): void {
    const timeField = this.lexicon.timeField;
    if (!timeField) {
      this.reading.unmatched.push(text);
      return;
    }
    const operand: Operand =
      'operand' in comparison
        ? comparison.operand
        : { kind: 'date', iso: comparison.iso, year: Number(comparison.iso.slice(0, 4)) };
    const filter = comparisonFilter(timeField, comparison.op, [operand]);
    if (!filter) {
      this.reading.unmatched.push(text);
      return;
    }
    this.dropBareTimeDimension(timeField);
    this.addFilter(filter, text);
  }

  /** "movies released in 2005": the time field named only to say when, not to group by. */
  private dropBareTimeDimension(timeField: DatasetField): void {
    const last = this.reading.dimensions.at(-1);
    if (
      last &&
      last.dimension.field === timeField.name &&
      last.role === 'dimension' &&
      !last.grainText
    ) {
      this.reading.dimensions.pop();
    }
  }

  private addRelativeFilter(part: Extract<Part, { kind: 'relative' }>, text: string): void {
    const timeField = this.lexicon.timeField;
    if (!timeField || timeField.type !== 'date') {
      this.reading.unmatched.push(text);
      return;
    }
    this.dropBareTimeDimension(timeField);
    this.addFilter({ field: timeField.name, op: 'relative', value: part.date }, text);
  }

  private addFilter(filter: QueryFilter, text: string): void {
    this.reading.filters.push({ filter, text });
  }

  private fieldNamed(name: string): DatasetField {
    return this.context.dataset.fields.find((field) => field.name === name)!;
  }

  private finish(): void {
    const pending = this.pendingAgg;
    if (pending) {
      const bare = this.reading.measures.find((measure) => !measure.explicit);
      if (pending.agg === 'count' || pending.agg === 'count_distinct') {
        this.addMeasure(ROW_COUNT, pending.text, true, -1);
      } else if (bare) {
        bare.measure = { field: bare.measure.field, agg: pending.agg };
        bare.explicit = true;
        bare.text = `${pending.text} ${bare.text}`;
      } else if (pending.text) {
        this.reading.unmatched.push(pending.text);
      }
    }
    if (this.negation !== null) this.reading.unmatched.push(this.negation);
    this.measureBareNumberCategory();
    this.groupByListedValues();
    this.rankRowsByName();
    this.placeCountedCategory();
    const unit = this.rowUnit;
    if (unit && unitIsCategory(this.reading))
      this.addDimension(unit.partIndex, unit.field, 'dimension', unit.text);
    applyAxes(this.reading, this.context);
    this.dropRepeatedMeasures();
  }

  /**
   * "a bar chart of the number of hometowns" groups by hometown and counts rows, "number of
   * hometowns" alone counts distinct hometowns; "number of delegates in
   * each committee" counts rows per committee; but a category of few values counted in groups
   * ("number of species on each island") counts its distinct values: rows would not be species.
   */
  private placeCountedCategory(): void {
    const counted = this.countedCategory;
    if (!counted) return;
    const others = this.reading.dimensions.filter(
      (dimension) => dimension.dimension.field !== counted.field.name,
    );
    const measure = this.reading.measures.find((read) => read.partIndex === counted.partIndex);
    if (this.reading.dimensions.length === 0) {
      // "a bar chart of the number of home cities", "... in descending order": a chart or an
      // order of counts needs its categories; "count of distributors" alone is how many
      const charted = this.reading.chart && !['kpi', 'table'].includes(this.reading.chart.type);
      const ordered = this.reading.sorts.length > 0 || this.reading.rank !== undefined;
      if (charted || ordered)
        this.addDimension(counted.partIndex, counted.field, 'dimension', counted.text);
      else if (measure) measure.measure = { field: counted.field.name, agg: 'count_distinct' };
      return;
    }
    const values = this.context.values[counted.field.name]?.length ?? Infinity;
    if (others.length === 0 || values > FEW_COUNTED_VALUES) return;
    if (measure) measure.measure = { field: counted.field.name, agg: 'count_distinct' };
  }

  /**
   * "the age and hometown of every teacher": with nothing measured and no "by", a number of
   * few values named beside a text category is what is shown for it, not a second grouping.
   */
  private measureBareNumberCategory(): void {
    if (this.reading.measures.length > 0) return;
    const dimensions = this.reading.dimensions;
    if (!dimensions.every((read) => this.bareCategories.includes(read.partIndex))) return;
    const text = dimensions.find((read) => this.fieldNamed(read.dimension.field).type === 'string');
    const number = dimensions.find((read) => {
      const field = this.fieldNamed(read.dimension.field);
      return field.type === 'number' && !isIdentifier(field) && field !== this.lexicon.timeField;
    });
    if (!text || !number || number.dimension.bin !== undefined) return;
    const field = this.fieldNamed(number.dimension.field);
    this.reading.dimensions = dimensions.filter((read) => read !== number);
    this.addMeasure({ field: field.name, agg: 'avg' }, number.text, false, number.partIndex);
  }

  /**
   * "avg acceleration for usa, europe and japan", "mpg for 4 vs 6 vs 8 cylinders": values
   * listed with nothing else to group by are compared side by side, grouped by their field.
   */
  private groupByListedValues(): void {
    if (this.reading.dimensions.length > 0) return;
    const listed = this.reading.filters.find(
      (read) =>
        read.filter.op === 'in' && Array.isArray(read.filter.value) && !this.alternatives.has(read),
    );
    if (!listed) return;
    this.addDimension(-1, this.fieldNamed(listed.filter.field), 'dimension', listed.text);
  }

  /** "top 10 cars by weight": the rows ranked, each by the field that names it. */
  private rankRowsByName(): void {
    const naming = this.reading.rowsNamedBy ?? this.lexicon.namingField;
    if (!this.reading.rowsNamed || !naming || this.reading.dimensions.length > 0) return;
    if (this.reading.rank?.count === undefined) return;
    if (!this.reading.measures.some((read) => read.measure.field !== '*')) return;
    this.addDimension(-1, naming, 'dimension', '');
  }

  /** "sum of weight ... total weight": an aggregation set late may repeat a measure. */
  private dropRepeatedMeasures(): void {
    const keys = this.reading.measures.map(({ measure }) => `${measure.agg} ${measure.field}`);
    this.reading.measures = this.reading.measures.filter(
      (_, index) => keys.indexOf(keys[index]) === index,
    );
  }
}

function joinText(first: string | null, second: string): string {
  return [first, second].filter(Boolean).join(' ');
}
