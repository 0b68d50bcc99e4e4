// What a page in another language must not show: a raw i18n key (`dashboards.tile.menu`, a
// message the app looked up and did not find) or an English message of en.ts where that
// language says something else. Shared by the walk (its non-English variants report raw keys
// it reads in the browser) and the unit test that renders the main screens in French and Arabic.

/** A whole text that is a dotted message key, never a sentence, a number or a file name. */
export const RAW_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;

/** File names and host names that look like keys but are data. */
const NOT_KEYS =
  /\.(csv|xlsx|pdf|png|json|yaml|yml|sql|duckdb|svg|html|com|org|net|example|localhost)$/i;

/** The texts of a page that look like raw keys, each once. */
export function rawKeysIn(texts: string[]): string[] {
  return [...new Set(texts.filter((text) => RAW_KEY.test(text) && !NOT_KEYS.test(text)))];
}

/**
 * Every text a reader sees or hears on the page: each text node's trimmed text, and the
 * accessible labels, titles and placeholders. Self-contained (no helpers) so that the walk can
 * hand it to Playwright's page.evaluate as it is.
 */
export function pageTexts(): string[] {
  const root = document.body;
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
    const text = (node.textContent ?? '').trim();
    if (text) texts.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label],[title],[placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const text = element.getAttribute(name)?.trim();
      if (text) texts.push(text);
    }
  }
  return texts;
}
