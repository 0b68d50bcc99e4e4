import type { FieldRole } from '../../../common/analytics';
import type { ColumnProfile } from './columnProfile';

// The role of a number column, from its name and, when sampled, its data:
// - whole numbers within 1800-2100 named like a year (or, unnamed, not named like an amount)
//   are the time axis: years stored as integers (the parser groups them, line charts use them);
//   so are older four-digit years (1565 ... 1821) and two-digit years (70 ... 82) in a column
//   named like a year (`Year`, `model_year`);
// - identifiers and codes (`*_id`, `zip`, `phone`, `fips`, unique and dense whole numbers)
//   name things: dimensions, never summed;
// - whole numbers with a few small values (cylinders, ratings 1-5, months, doors) are
//   categories: dimensions; so are whole numbers with few values for the rows, each repeated
//   often, that are small (hours, days of the month) or evenly spaced bands (ages 0, 5, 10...);
//   unless named like an amount, quantity, count or duration (people, qty, num_orders,
//   "Days to ship"...), of which only ages or durations in even brackets are dimensions;
// - anything else is an amount: a measure.

const YEAR_MIN = 1800;
const YEAR_MAX = 2100;
/** Four-digit years before YEAR_MIN are years only in a column named like a year. */
const NAMED_YEAR_MIN = 1000;
const TWO_DIGIT_YEAR_MIN = 20;
const TWO_DIGIT_YEAR_MAX = 99;
/** At most this many distinct small whole numbers make a category. */
const MAX_CATEGORY_VALUES = 12;
/** Categories are small numbers (ratings, months, counts of doors), not amounts. */
const MAX_CATEGORY_VALUE = 100;
/** A category's values each repeat on average at least this often in the sample. */
const MIN_ROWS_PER_CATEGORY = 3;
/** Beyond the few small values: at most this many distinct whole numbers, each repeated... */
const MAX_REPEATED_VALUES = 50;
/** ...on average at least this often, make a category when they are bands or small. */
const MIN_ROWS_PER_REPEATED_VALUE = 10;
/** Small whole numbers with up to this many values (days of a month, hours of a day). */
const MAX_SMALL_REPEATED_VALUES = 31;
/** Fewer sampled rows than this cannot tell an identifier from an amount. */
const MIN_ROWS_FOR_IDENTIFIER = 20;

/** `Release Year` -> ['release', 'year'], `OrderID` -> ['order', 'id'], `zip5` -> ['zip5']. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const YEAR_WORDS = new Set(['year', 'years', 'yr', 'yyyy', 'yearid', 'season', 'vintage']);
const ID_LAST_WORDS = new Set(['id', 'ids', 'code', 'key', 'no', 'number', 'num', 'nr', 'sku']);
const ID_ANY_WORDS = new Set([
  'zip',
  'zipcode',
  'postal',
  'postcode',
  'phone',
  'telephone',
  'fips',
  'isbn',
  'ean',
  'upc',
  'ssn',
  'uuid',
  'guid',
]);
const AMOUNT_WORDS = new Set([
  'amount',
  'total',
  'price',
  'cost',
  'costs',
  'sales',
  'revenue',
  'profit',
  'income',
  'quantity',
  'qty',
  'units',
  'value',
  'sum',
  'balance',
  'budget',
  'gross',
  'spend',
  'weight',
  'population',
  'pop',
  'people',
  'persons',
  'count',
  'deaths',
  'votes',
]);

function isYearName(words: string[]): boolean {
  return words.some((word) => YEAR_WORDS.has(word) || /^(fy|yr)\d*$/.test(word));
}

function isIdentifierName(words: string[]): boolean {
  const last = words.at(-1) ?? '';
  if (words[0] === 'id' || ID_LAST_WORDS.has(last)) return true;
  return words.some((word) => ID_ANY_WORDS.has(word) || /^zip\d*$/.test(word));
}

/** Lengths of time and ages: amounts however few their values ("Days to ship" 0-7). */
const DURATION_WORDS = new Set([
  'duration',
  'seconds',
  'secs',
  'minutes',
  'mins',
  'hours',
  'hrs',
  'days',
  'weeks',
  'months',
  'years',
  'age',
  'tenure',
  'delay',
  'latency',
  'lead',
]);
/** First words of counts: `num_orders`, "Number of employees", `n_items`. */
const COUNT_FIRST_WORDS = new Set(['num', 'number', 'n', 'nb', 'count']);

function isDurationName(words: string[]): boolean {
  return words.some((word) => DURATION_WORDS.has(word));
}

function isCountName(words: string[]): boolean {
  return words.length > 1 && COUNT_FIRST_WORDS.has(words[0]);
}

/** Named like an amount, a quantity, a count or a duration: summed or averaged. */
function isAmountName(words: string[]): boolean {
  return (
    words.some((word) => AMOUNT_WORDS.has(word)) || isDurationName(words) || isCountName(words)
  );
}

/**
 * Whole numbers within 20-99: model years stored as 70, 71 ... 82. Counts of years (years of
 * service 0-40) start lower and are named in the plural.
 */
function holdsTwoDigitYears(profile: ColumnProfile): boolean {
  return (
    profile.integers &&
    profile.min !== null &&
    profile.max !== null &&
    profile.min >= TWO_DIGIT_YEAR_MIN &&
    profile.max <= TWO_DIGIT_YEAR_MAX
  );
}

function isSingularYearName(words: string[]): boolean {
  return words.some((word) => word === 'year' || word === 'yr');
}

function holdsYears(profile: ColumnProfile, from = YEAR_MIN): boolean {
  return (
    profile.integers &&
    profile.min !== null &&
    profile.max !== null &&
    profile.min >= from &&
    profile.max <= YEAR_MAX
  );
}

/** Unique whole numbers packed into a range about the row count: a row number or serial id. */
function holdsSerialIds(profile: ColumnProfile): boolean {
  if (!profile.integers || profile.min === null || profile.max === null) return false;
  if (profile.count < MIN_ROWS_FOR_IDENTIFIER || profile.distinct !== profile.count) return false;
  return profile.min >= 0 && profile.max - profile.min + 1 <= 2 * profile.count;
}

function holdsFewSmallWholeNumbers(profile: ColumnProfile): boolean {
  if (!profile.integers || profile.min === null || profile.max === null) return false;
  return (
    profile.distinct <= MAX_CATEGORY_VALUES &&
    profile.min >= 0 &&
    profile.max <= MAX_CATEGORY_VALUE &&
    profile.count >= MIN_ROWS_PER_CATEGORY * profile.distinct
  );
}

/** Every value from min to max one step apart is there: age bands 0, 5, ... 90 (step > 1). */
function holdsEvenBands(profile: ColumnProfile): boolean {
  if (profile.step <= 1 || profile.min === null || profile.max === null) return false;
  return (profile.max - profile.min) / profile.step + 1 === profile.distinct;
}

function holdsRepeatedWholeNumbers(profile: ColumnProfile): boolean {
  if (!profile.integers || profile.min === null || profile.max === null) return false;
  if (profile.distinct > MAX_REPEATED_VALUES) return false;
  if (profile.count < MIN_ROWS_PER_REPEATED_VALUE * profile.distinct) return false;
  const small =
    profile.min >= 0 &&
    profile.max <= MAX_CATEGORY_VALUE &&
    profile.distinct <= MAX_SMALL_REPEATED_VALUES;
  return small || holdsEvenBands(profile);
}

/** The role of a number column with sampled data. */
export function numberRoleFromData(name: string, profile: ColumnProfile): FieldRole {
  const words = nameWords(name);
  const amount = isAmountName(words);
  if (holdsYears(profile) && (isYearName(words) || (!amount && !isIdentifierName(words)))) {
    return 'time';
  }
  const singularYear = isSingularYearName(words) && !amount;
  if (singularYear && (holdsTwoDigitYears(profile) || holdsYears(profile, NAMED_YEAR_MIN))) {
    return 'time';
  }
  if (isIdentifierName(words) && !isCountName(words)) return 'dimension';
  // Ages or durations in even brackets (0, 5, 10 ...) are the brackets of a breakdown.
  if (isDurationName(words) && holdsEvenBands(profile) && profile.distinct >= 3) {
    return 'dimension';
  }
  if (amount) return 'measure';
  if (holdsSerialIds(profile) || holdsFewSmallWholeNumbers(profile)) return 'dimension';
  if (holdsRepeatedWholeNumbers(profile)) return 'dimension';
  return 'measure';
}

/** The role of a number column known by name and type only (no data sampled). */
export function numberRoleFromName(name: string, integer: boolean): FieldRole {
  const words = nameWords(name);
  const identifier = isIdentifierName(words) && !isCountName(words);
  return integer && (identifier || isYearName(words)) ? 'dimension' : 'measure';
}
