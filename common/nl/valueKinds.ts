import { CITIES, CONTINENTS, COUNTRIES, MONTH_NAMES, US_STATES, WEEKDAYS } from './places';

// What a text column's values are (countries, US states, months...), read from its sampled
// values, and the words a question uses for such a column ("country" for `Origin`).

interface ValueKind {
  names: Set<string>;
  words: string[];
}

const KINDS: ValueKind[] = [
  {
    // continents count too: car origins are "USA", "Europe", "Japan"
    names: new Set([...COUNTRIES, ...CONTINENTS]),
    words: ['country', 'nation', 'region', 'place', 'location'],
  },
  { names: new Set(US_STATES), words: ['state', 'region', 'place', 'location'] },
  { names: new Set(CONTINENTS), words: ['continent', 'region', 'place', 'location'] },
  { names: new Set(CITIES), words: ['city', 'town', 'place', 'location'] },
  { names: new Set(MONTH_NAMES), words: ['month', 'month name'] },
  { names: new Set(WEEKDAYS), words: ['weekday', 'day of week', 'day of the week'] },
];

/** Share of the sampled values a list must hold for the column to be of its kind. */
const MIN_SHARE = 0.6;
const SAMPLE = 100;

function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/[._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const cache = new WeakMap<string[], string[]>();

/** The words for a column with these values: ["country", "nation", ...], or none. */
export function wordsForValues(values: string[]): string[] {
  let words = cache.get(values);
  if (!words) {
    words = readWords(values);
    cache.set(values, words);
  }
  return words;
}

function readWords(values: string[]): string[] {
  const sample = values.slice(0, SAMPLE).map(normalise);
  if (sample.length < 2) return [];
  const words = new Set<string>();
  for (const kind of KINDS) {
    const known = sample.filter((value) => kind.names.has(value)).length;
    if (known >= 2 && known / sample.length >= MIN_SHARE) for (const w of kind.words) words.add(w);
  }
  return [...words];
}
