import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '../../common/charts';
import type { Survey } from '../../common/surveys';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, type E2eServer, useServerAndBrowser } from './harness';

// The survey journey in Chromium: an editor builds a survey and publishes it, a viewer
// and the editor answer it, and the editor charts the answers (a live dataset) on a dashboard.

const SURVEY = 'E2E lunch survey';
const DASHBOARD = 'E2E lunch board';
const isQuery = (url: string) => new URL(url).pathname === '/api/v1/query';

async function surveyNamed(server: E2eServer, session: Session, name: string): Promise<Survey> {
  const listed = await api(server.rootUrl, session, 'GET', '/api/v1/surveys');
  const found = (listed.body as Survey[]).find((survey) => survey.name === name);
  if (!found) throw new Error(`no survey named ${name}`);
  return found;
}

async function answer(page: Page, site: string, id: number, choice: string, rating: string) {
  await page.goto(`${site}/surveys/${id}/show`);
  await page.getByRole('radio', { name: choice, exact: true }).check();
  await page.getByRole('radio', { name: rating, exact: true }).check();
  const sent = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/v1/surveys/${id}/answers`,
  );
  await page.getByRole('button', { name: 'Send my answers' }).click();
  expect((await sent).status()).toBe(201);
  await visible(page.getByText('You have answered this survey. Thank you!'));
}

describe('surveys journey in Chromium', () => {
  let editor: Session;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      editor = await login(server.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    },
  });

  it('builds a survey, is answered by two users and charts the answers on a dashboard', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor', {
      width: 1400,
      height: 1200,
    });

    // Build: a single choice question and a rating, then publish after confirming.
    await page.goto(`${site}/surveys/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill(SURVEY);
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Type' }).first().click();
    await page.getByRole('option', { name: 'Single choice' }).click();
    await page.getByRole('textbox', { name: 'Question' }).first().fill('Favourite lunch');
    await page.getByLabel('Required').first().check();
    await page.getByRole('textbox', { name: 'Choices' }).fill('Pizza\nSalad\nSoup');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Type' }).nth(1).click();
    await page.getByRole('option', { name: 'Rating (1-5)' }).click();
    await page.getByRole('textbox', { name: 'Question' }).nth(1).fill('How hungry');
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/surveys' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    const survey = await surveyNamed(e2e.server, editor, SURVEY);
    expect(survey.questions).toMatchObject([
      { id: 'q1', type: 'single_choice', required: true, choices: ['Pizza', 'Salad', 'Soup'] },
      { id: 'q2', type: 'rating', text: 'How hungry' },
    ]);
    await page.waitForURL(new RegExp(`/surveys/${survey.id}$`));
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(async () => (await surveyNamed(e2e.server, editor, SURVEY)).status)
      .toBe('published');

    // Two users answer it.
    const viewer = await e2e.signedInPage(site, 'viewer');
    await answer(viewer.page, site, survey.id, 'Pizza', '4');
    await viewer.context.close();
    await answer(page, site, survey.id, 'Pizza', '2');

    // Chart the answers: lunches by count of answers, then onto a new dashboard.
    await page.goto(`${site}/aicharts/create`);
    await page.getByRole('combobox', { name: 'Dataset' }).click();
    await page.getByRole('option', { name: SURVEY, exact: true }).click();
    const fields = page.getByRole('navigation', { name: 'Fields' });
    await fields.getByRole('button', { name: 'Add Favourite lunch', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to dimensions' }).click();
    const drawn = page.waitForResponse((response) => isQuery(response.url()));
    await fields.getByRole('button', { name: 'Add How hungry', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to measures' }).click();
    const result = await drawn;
    expect(result.status()).toBe(200);
    await page.getByRole('button', { name: 'Column', exact: true }).click();
    await visible(page.locator('[data-chart-state="drawn"]'), 20_000);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save the chart' });
    await saveDialog.getByLabel('Name').fill('E2E hunger by lunch');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await saveDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add to dashboard' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to dashboard' });
    await addDialog.getByRole('combobox', { name: 'Dashboard' }).click();
    await page.getByRole('option', { name: 'A new dashboard' }).click();
    await addDialog.getByLabel('Name of the new dashboard').fill(DASHBOARD);
    await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await addDialog.waitFor({ state: 'hidden' });

    const listed = await api(e2e.rootUrl, editor, 'GET', '/api/v1/dashboards?range=[0,199]');
    const dashboard = (listed.body as Dashboard[]).find((d) => d.name === DASHBOARD)!;
    const tileQuery = page.waitForResponse((response) => isQuery(response.url()));
    await page.goto(`${site}/dashboards/${dashboard.id}`);
    const answered = await (await tileQuery).json();
    // Both answers chose pizza: one bar, the sum of their ratings (4 + 2).
    expect(answered.rows).toEqual([['Pizza', 6]]);
    await visible(
      page.locator(`[data-tile-id="${dashboard.tiles[0].id}"] [data-tile-state="drawn"]`),
      20_000,
    );
    await context.close();
  });
});
