import type { DatasetField } from '../analytics';
import type { Lexicon } from './lexicon';
import type { Part } from './scan';
import type { Word } from './words';

// "type of disaster", "kind of crop", "disaster type": the text column whose values are the
// kinds of X. It is a column whose values use the word X ("Flood", ... "All natural
// disasters"), else, when X names the rows, the table's one category column.

const KIND_WORDS = new Set(['type', 'kind', 'category', 'class', 'sort']);

interface Found {
  part: Part;
  length: number;
}

export function matchKindOf(words: Word[], index: number, lexicon: Lexicon): Found | null {
  const [first, second, third] = [words[index], words[index + 1], words[index + 2]];
  if (first?.kind !== 'word' || second?.kind !== 'word') return null;
  if (KIND_WORDS.has(first.norm) && second.norm === 'of' && third?.kind === 'word')
    return found(third.norm, first.norm, words.slice(index, index + 3), lexicon);
  if (KIND_WORDS.has(second.norm) && first.norm !== 'of')
    return found(first.norm, second.norm, words.slice(index, index + 2), lexicon);
  return null;
}

function found(thing: string, kindWord: string, words: Word[], lexicon: Lexicon): Found | null {
  if (namesAField(kindWord, lexicon) || namesAField(thing, lexicon)) return null;
  const field = kindsOf(thing, lexicon);
  if (!field) return null;
  const text = words.map((word) => word.raw).join(' ');
  return {
    part: { kind: 'field', field, others: [], match: 'synonym', text },
    length: words.length,
  };
}

/** A field of the table already answers to the word: the ordinary matching reads it. */
function namesAField(word: string, lexicon: Lexicon): boolean {
  return (
    lexicon.byFirstWord
      .get(word)
      ?.some(
        (phrase) =>
          phrase.words.length === 1 && phrase.meanings.some((meaning) => meaning.kind === 'field'),
      ) ?? false
  );
}

function kindsOf(thing: string, lexicon: Lexicon): DatasetField | null {
  const byValues = lexicon.valueWords.get(thing);
  if (byValues?.length === 1) return byValues[0];
  const namesRows = lexicon.byFirstWord
    .get(thing)
    ?.some((phrase) => phrase.meanings.some((meaning) => meaning.kind === 'rows'));
  if (!namesRows) return null;
  return lexicon.categoryFields.length === 1 ? lexicon.categoryFields[0] : null;
}
