import englishMessages from 'ra-language-english';
import type { Localization } from '@mui/material/locale';
import type { TranslationMessages } from 'react-admin';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../common/languages';
import { en } from './en';
import type { Messages } from './messages';

// Everything one language brings to the web app: our messages (src/ui/i18n/<code>.ts),
// react-admin's own `ra.*` messages and MUI's component texts. English is in the main bundle;
// every other language is its own chunk, loaded the first time it is chosen.

export interface LanguagePack {
  code: LanguageCode;
  /** react-admin's messages with ours merged over them (polyglot's phrases). */
  messages: TranslationMessages;
  /** MUI's component texts (pagination, alerts…), merged into the theme. */
  mui: Localization;
}

interface PackParts {
  app: Messages;
  ra: TranslationMessages;
  mui: Localization;
}

/** The languages whose messages exist; one that is missing speaks English until it is added. */
const LOADERS: Partial<Record<LanguageCode, () => Promise<PackParts>>> = {
  fr: async () => {
    const [{ fr }, ra, { frFR }] = await Promise.all([
      import('./fr'),
      import('ra-language-french'),
      import('@mui/material/locale'),
    ]);
    return { app: fr, ra: ra.default as TranslationMessages, mui: frFR };
  },
  // The ra-language-* packages of these languages are stale (react-admin v3's keys): ours are
  // in ./ra/<code>.ts, with every key of ra-language-english.
  de: async () => {
    const [{ de }, ra, { deDE }] = await Promise.all([
      import('./de'),
      import('./ra/de'),
      import('@mui/material/locale'),
    ]);
    return { app: de, ra: ra.default, mui: deDE };
  },
  es: async () => {
    const [{ es }, ra, { esES }] = await Promise.all([
      import('./es'),
      import('./ra/es'),
      import('@mui/material/locale'),
    ]);
    return { app: es, ra: ra.default, mui: esES };
  },
  'pt-BR': async () => {
    const [{ ptBR }, ra, mui] = await Promise.all([
      import('./ptBR'),
      import('./ra/ptBR'),
      import('@mui/material/locale'),
    ]);
    return { app: ptBR, ra: ra.default, mui: mui.ptBR };
  },
  ar: async () => {
    const [{ ar }, ra, { arSA }] = await Promise.all([
      import('./ar'),
      import('./ra/ar'),
      import('@mui/material/locale'),
    ]);
    return { app: ar, ra: ra.default, mui: arSA };
  },
  he: async () => {
    const [{ he }, ra, { heIL }] = await Promise.all([
      import('./he'),
      import('./ra/he'),
      import('@mui/material/locale'),
    ]);
    return { app: he, ra: ra.default, mui: heIL };
  },
};

type Tree = { [key: string]: unknown };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge: `extra` adds to and overrides `base`. */
export function mergeMessages(base: Tree, extra: Tree): Tree {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    merged[key] = isTree(value) && isTree(base[key]) ? mergeMessages(base[key], value) : value;
  }
  return merged;
}

/**
 * One language's phrases: English underneath (so a key a language lacks still reads), then
 * the language's react-admin messages, then ours.
 */
function phrasesOf(parts: PackParts): TranslationMessages {
  const english = mergeMessages(englishMessages as unknown as Tree, en as unknown as Tree);
  const ra = mergeMessages(english, parts.ra as unknown as Tree);
  return mergeMessages(ra, parts.app as unknown as Tree) as unknown as TranslationMessages;
}

export const ENGLISH_PACK: LanguagePack = {
  code: DEFAULT_LANGUAGE,
  messages: phrasesOf({ app: en, ra: englishMessages, mui: {} }),
  mui: {},
};

/** The languages the web app has messages for (the others fall back to English). */
export function hasLanguagePack(code: LanguageCode): boolean {
  return code === DEFAULT_LANGUAGE || LOADERS[code] !== undefined;
}

const loaded = new Map<LanguageCode, Promise<LanguagePack>>();

/** A language's pack, fetched once per page load. */
export function loadLanguagePack(code: LanguageCode): Promise<LanguagePack> {
  const load = LOADERS[code];
  if (!load) return Promise.resolve(ENGLISH_PACK);
  let pack = loaded.get(code);
  if (!pack) {
    pack = load().then((parts) => ({ code, messages: phrasesOf(parts), mui: parts.mui }));
    loaded.set(code, pack);
  }
  return pack;
}
