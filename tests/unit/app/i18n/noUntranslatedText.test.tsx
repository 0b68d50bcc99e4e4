// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { LanguageCode } from '../../../../common/languages';
import { en } from '../../../../src/ui/i18n/en';
import { fr } from '../../../../src/ui/i18n/fr';
import { ar } from '../../../../src/ui/i18n/ar';
import type { Messages } from '../../../../src/ui/i18n/messages';
import { pageTexts, rawKeysIn } from '../../../../scripts/walk/untranslated';
import { startChartsServer, type ChartsServer } from '../../support/chartsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// The main screens rendered whole against the real server in French and in Arabic show no raw
// message key and no English message of en.ts that the language says otherwise (what the
// screenshot walk's pictures in another language must not show).

/** Brand and technical words, the same in every language, and the data's own English names. */
const ALLOWED = new Set([
  'Brandboard',
  'DuckDB',
  'PostgreSQL',
  'MySQL',
  'MariaDB',
  'ClickHouse',
  'SQL',
  'CSV',
  'XLSX',
  'PDF',
  'PNG',
  'JSON',
  'YAML',
  'OpenID Connect',
  'SCIM',
  'Slack',
  'URL',
  'API',
  // Words some languages write as English does (listed so that a data name equal to one is
  // not taken for an untranslated message).
  'Dashboard',
  'Total',
  'Status',
]);

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null
      ? leaves(value as Tree, path)
      : [[path, value] as [string, unknown]];
  });
}

/** en.ts's texts (each plural form) that `messages` says differently, without placeholders. */
function englishOnlyTexts(messages: Messages): Set<string> {
  const translated = new Map(leaves(messages as unknown as Tree));
  const texts = leaves(en as unknown as Tree)
    .filter(([key, value]) => typeof value === 'string' && translated.get(key) !== value)
    .flatMap(([, value]) => (value as string).split('||||').map((form) => form.trim()))
    .filter((text) => text && !text.includes('%{') && !ALLOWED.has(text));
  return new Set(texts);
}

/** The language's own texts (those unlike English): the screen must show some. */
function ownTexts(messages: Messages): Set<string> {
  const english = new Map(leaves(en as unknown as Tree));
  return new Set(
    leaves(messages as unknown as Tree)
      .filter(([key, value]) => typeof value === 'string' && english.get(key) !== value)
      .map(([, value]) => value as string),
  );
}

const SCREENS = (server: ChartsServer) => [
  { name: 'home', path: '/' },
  { name: 'dashboards', path: '/dashboards' },
  { name: 'dashboard', path: `/dashboards/${server.dashboard!.id}/show` },
  { name: 'charts', path: '/aicharts' },
  { name: 'profile', path: '/profile' },
];

const LANGUAGES: { code: LanguageCode; messages: Messages }[] = [
  { code: 'fr', messages: fr },
  { code: 'ar', messages: ar },
];

let server: ChartsServer;
beforeAll(async () => {
  server = await startChartsServer();
});
afterAll(() => server.close());

/** Renders a screen and waits until nothing on it is loading any more. */
async function settledScreen(path: string) {
  cleanup();
  await renderApp(path);
  await screen.findAllByRole('heading', {}, { timeout: 60000 });
  await waitFor(() => expect(document.querySelector('[role="progressbar"]')).toBeNull(), {
    timeout: 60000,
  });
}

describe.each(LANGUAGES)('the main screens in $code', { timeout: 120000 }, ({ code, messages }) => {
  beforeAll(async () => {
    await server.app.db
      .updateTable('users')
      .set({ language: code })
      .where('username', '=', 'editor')
      .execute();
  });

  it.each(['home', 'dashboards', 'dashboard', 'charts', 'profile'])(
    '%s shows no raw key and no English',
    async (name) => {
      const { path } = SCREENS(server).find((s) => s.name === name)!;
      await signInAs(server, 'acme', 'editor');
      await settledScreen(path);
      await waitFor(() => expect(document.documentElement.lang).toBe(code));
      const texts = pageTexts();
      expect(texts.length).toBeGreaterThan(5);
      const own = ownTexts(messages);
      expect(texts.filter((text) => own.has(text)).length).toBeGreaterThan(0);
      expect(rawKeysIn(texts)).toEqual([]);
      const english = englishOnlyTexts(messages);
      expect([...new Set(texts.filter((text) => english.has(text)))]).toEqual([]);
    },
  );
});
