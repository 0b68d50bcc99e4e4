// `npm run walk`: signs in as each role (and as nobody), visits every section and public page
// it can reach, saves a picture of each at 1440 x 900, at 390 x 844, in the dark theme, in
// right-to-left and in Arabic (the demo tenant's default) into walk/, and fails on any console
// error or failed request. walk/index.html shows all pictures. See README "Looking at it:
// npm run walk".
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_SITE } from '../../server/seed/coreSeed';
import type { LanguageCode } from '../../common/languages';
import {
  E2E_PASSWORD,
  launchBrowser,
  startE2eServer,
  type E2eServer,
} from '../../tests/e2e/harness';
import { ensureFreshBuild } from './build';
import { followLink, loadPage, openFirstRecord, settle, signIn, turnOnRightToLeft } from './browse';
import { pagesOf, publicPages, recordSections, WALKERS, type WalkPage, type Walker } from './pages';
import { watchPage, type Problem } from './problems';
import { pageTexts, rawKeysIn } from './untranslated';
import { createWalkRecords } from './records';
import { distinctProblems, writeIndex, type Shot } from './report';
import { VARIANTS, type Variant } from './variants';

const OUT_DIR = 'walk';

interface WalkState {
  browser: Browser;
  server: E2eServer;
  shots: Shot[];
  problems: Problem[];
  notes: string[];
}

function baseUrlOf(server: E2eServer, walker: Walker): string {
  return walker.host === 'root' ? server.rootUrl : server.siteUrl(DEMO_SITE);
}

/** The demo tenant's default language (null: each visitor's browser decides). */
async function setDemoLanguage(server: E2eServer, language: LanguageCode | null): Promise<void> {
  const account = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', DEMO_SITE)
    .executeTakeFirstOrThrow();
  await server.app.db
    .updateTable('company_profiles')
    .set({ language })
    .where('account_id', '=', account.id)
    .execute();
}

async function walkVariant(
  state: WalkState,
  walker: Walker,
  variant: Variant,
  pages: WalkPage[],
  records: Map<string, string>,
): Promise<void> {
  const owner = { walker: walker.name, variant: variant.name };
  const context = await state.browser.newContext(variant.context);
  if (variant.theme) {
    await context.addInitScript((theme) => localStorage.setItem('Theme', theme), variant.theme);
  }
  const page = await context.newPage();
  const watch = watchPage(page, owner, state.problems);
  const baseUrl = baseUrlOf(state.server, walker);
  const findRecords = variant === VARIANTS[0] && walker.role !== null;
  const recordable = new Set<string>(walker.role ? recordSections(walker.role) : []);

  const visit = async (target: WalkPage) => {
    watch.label = target.name;
    try {
      if (walker.username) await followLink(page, target.path);
      else await loadPage(page, `${baseUrl}${target.path}`);
      if (!(await settle(page, watch))) {
        state.notes.push(`${walker.name}/${target.name} [${variant.name}] did not settle`);
      }
      const file = `${walker.name}-${target.name}-${variant.name}.png`;
      await page.screenshot({ path: join(OUT_DIR, file) });
      state.shots.push({ ...owner, page: target.name, file });
      if (variant.accountLanguage) {
        for (const key of rawKeysIn(await page.evaluate(pageTexts))) {
          state.problems.push({ ...owner, page: target.name, kind: 'raw-key', text: key });
        }
      }
      if (findRecords && recordable.has(target.name)) {
        watch.label = `${target.name}-record`;
        const path = await openFirstRecord(page, target.name);
        if (path) records.set(`${target.name}-record`, path);
        else state.notes.push(`${walker.name}: no record to open on /${target.name}`);
      }
    } catch (error) {
      state.problems.push({ ...owner, page: target.name, kind: 'walk', text: String(error) });
    }
  };

  try {
    if (walker.username) {
      watch.label = 'sign-in';
      await loadPage(page, `${baseUrl}/login`);
      await signIn(page, walker.username, E2E_PASSWORD);
      await settle(page, watch);
      if (variant.rtl) await turnOnRightToLeft(page);
    }
    for (const target of pages) await visit(target);
    for (const [name, path] of records) await visit({ name, path });
  } catch (error) {
    state.problems.push({ ...owner, page: watch.label, kind: 'walk', text: String(error) });
  } finally {
    await context.close();
  }
}

async function walkAll(state: WalkState): Promise<void> {
  const walkRecords = await createWalkRecords(state.server);
  for (const host of ['root', 'site'] as const) {
    for (const pattern of publicPages(walkRecords, host).unknownPatterns) {
      state.problems.push({
        walker: `anonymous-${host}`,
        variant: '-',
        page: pattern,
        kind: 'walk',
        text: `no example page for the public route ${pattern} (scripts/walk/pages.ts)`,
      });
    }
  }
  for (const walker of WALKERS) {
    const pages = pagesOf(walker, walkRecords);
    const records = new Map<string, string>();
    for (const variant of VARIANTS) {
      if (variant.rtl && !walker.username) {
        // rtlLayout is set in the panel of the signed-in app bar; anonymous pages have none.
        state.notes.push(`${walker.name}: no ${variant.name} pictures (no settings panel)`);
        continue;
      }
      const started = Date.now();
      await setDemoLanguage(state.server, variant.accountLanguage ?? null);
      await walkVariant(state, walker, variant, pages, records);
      await setDemoLanguage(state.server, null);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(
        `${walker.name} ${variant.name}: ${pages.length + records.size} pages, ${seconds} s`,
      );
    }
  }
}

async function main(): Promise<number> {
  ensureFreshBuild();
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startE2eServer();
  const browser = await launchBrowser();
  const state: WalkState = { browser, server, shots: [], problems: [], notes: [] };
  try {
    await walkAll(state);
  } finally {
    await browser.close();
    await server.close();
  }
  const pageCount = new Set(state.shots.map((shot) => `${shot.walker}/${shot.page}`)).size;
  const index = writeIndex(OUT_DIR, state.shots, state.problems);
  for (const note of state.notes) console.log(`note: ${note}`);
  const failures = distinctProblems(state.problems);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(
    `\n${pageCount} pages x ${VARIANTS.length} variants: ${state.shots.length} pictures, ` +
      `${failures.length} failures (${state.problems.length} occurrences). See ${index}`,
  );
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
