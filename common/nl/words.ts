// Words of a question and of field names: tokens, lower case, singular forms.

export type WordKind = 'word' | 'number' | 'date' | 'symbol';

export interface Word {
  /** as typed */
  raw: string;
  /** lower case, singular: the form phrases are compared in */
  norm: string;
  kind: WordKind;
  /** numbers: the value (200M -> 200000000); dates: the year */
  value?: number;
  /** dates: yyyy-mm-dd */
  iso?: string;
}

const TOKEN =
  /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})|\$?\d[\d,]*(?:\.\d+)?(?:[kmb](?![\p{L}])|%)?|[<>]=?|=|[\p{L}\p{N}]+(?:'[\p{L}]+)?/giu;

const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/** A number as people type it: 1,000 / $5 / 2.5k / 200M / 10% (-> 10). */
export function parseNumber(text: string): number | null {
  const match = /^\$?(\d[\d,]*(?:\.\d+)?)([kmb%])?$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1].replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const multiplier = MULTIPLIERS[(match[2] ?? '').toLowerCase()] ?? 1;
  return value * multiplier;
}

function pad(value: string | number): string {
  return String(value).padStart(2, '0');
}

/** The words of a question; snake_case and camelCase are split into words. */
export function tokenize(text: string): Word[] {
  const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[\u2019\u02bc]/g, "'");
  const words: Word[] = [];
  for (const match of spaced.matchAll(TOKEN)) {
    const raw = match[0];
    if (match[1]) {
      const iso = `${match[1]}-${pad(match[2])}-${pad(match[3])}`;
      words.push({ raw, norm: iso, kind: 'date', value: Number(match[1]), iso });
    } else if (/^[$\d]/.test(raw)) {
      const value = parseNumber(raw);
      if (value !== null) words.push({ raw, norm: String(value), kind: 'number', value });
    } else if (/^[<>=]/.test(raw)) {
      words.push({ raw, norm: raw, kind: 'symbol' });
    } else {
      words.push({ raw, norm: normalizeWord(raw), kind: 'word' });
    }
  }
  return words;
}

/** Lower case and singular, so "Origins" meets "origin" and "movies" meets "movie". */
export function normalizeWord(word: string): string {
  return singular(foldWord(word));
}

/** Lower case without diacritics, so "région" meets "region" and "Größe" meets "grosse". */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/'s$/, '')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(ELISION, '');
}

/** An elided French article or pronoun glued to its word: "l'année", "d'origine", "qu'il". */
const ELISION = /^(?:[cdjlmnst]|qu)'(?=[aeiouyh])/;

/** A word typed in a plural form ("orders", "ventes"): its singular differs from what was typed. */
export function isPluralWord(word: Word): boolean {
  return word.kind === 'word' && foldWord(word.raw) !== word.norm;
}

function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is|ics)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|zes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** The normalised words of a name or label: `production_budget`, `Delay (minutes)` -> words. */
export function phraseWords(text: string): string[] {
  return tokenize(withoutUnit(text))
    .filter((word) => word.kind === 'word' || word.kind === 'number')
    .map((word) => (word.kind === 'word' ? word.norm : word.raw.toLowerCase()));
}

/** A label without its parenthesised unit: "Delay (minutes)" -> "Delay". */
export function withoutUnit(label: string): string {
  return label.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
}
