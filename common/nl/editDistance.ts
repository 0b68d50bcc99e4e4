// Misspellings: words one edit apart (Damerau-Levenshtein, optimal string alignment).

/** True when `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (Math.abs(lengthGap) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (lengthGap === 0) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return (
      a[start] === b[start + 1] &&
      a[start + 1] === b[start] &&
      a.slice(start + 2) === b.slice(start + 2)
    );
  }
  const [longer, shorter] = lengthGap > 0 ? [a, b] : [b, a];
  return longer.slice(start + 1) === shorter.slice(start);
}
