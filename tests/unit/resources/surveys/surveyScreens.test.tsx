import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '../../../../common/types';
import { authProvider } from '../../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../../src/app/providers/dataProvider';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import SurveyEdit from '../../../../src/resources/surveys/SurveyEdit';
import SurveyList from '../../../../src/resources/surveys/SurveyList';
import SurveyShow from '../../../../src/resources/surveys/SurveyShow';
import { call } from '../../../api/fixtures';
import { startAnalyticsServer, type AnalyticsServer } from '../../../api/datasourcesHarness';

// The survey screens against the real server: an editor publishes a draft after confirming,
// a viewer answers it (a required question refused at the field first), the editor reads the
// results.

let server: AnalyticsServer;

async function signInAs(username: 'editor' | 'viewer') {
  const token = await server.sessionFor('acme', username);
  const user = await server.app.db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('username', '=', username)
    .where('account_id', '=', server.accounts.acme)
    .executeTakeFirstOrThrow();
  const session: User = {
    id: user.id,
    username,
    fullName: username,
    email: `${username}@acme.example`,
    role: username,
    active: true,
    accountId: user.account_id,
    site: 'acme',
    language: null,
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(session));
  return token;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider(`${server.base}/api/v1`)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
      >
        <ResourceContextProvider value="surveys">
          <Routes>
            <Route path="/surveys" element={<SurveyList />} />
            <Route path="/surveys/:id" element={<SurveyEdit />} />
            <Route path="/surveys/:id/show/*" element={<SurveyShow />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  server = await startAnalyticsServer();
  setApiPrefix(server.base);
});
afterEach(cleanup);
afterAll(async () => {
  setApiPrefix('');
  sessionStorage.clear();
  await server?.close();
});

describe('survey screens', { timeout: 30000 }, () => {
  it('publishes, is answered with field validation, and shows its results', async () => {
    const editorToken = await signInAs('editor');
    const created = await call(server, 'POST', '/api/v1/surveys', {
      token: editorToken,
      site: 'acme',
      body: {
        name: 'Office survey',
        questions: [
          { type: 'short_text', text: 'Your team', required: true },
          { type: 'single_choice', text: 'Best day', required: true, choices: ['Mon', 'Fri'] },
          { type: 'rating', text: 'Coffee', required: false },
        ],
      },
    });
    const id = created.json.id as number;

    renderAt(`/surveys/${id}`);
    expect(await screen.findByDisplayValue('Office survey')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Best day')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(async () => {
      const row = await server.app.db
        .selectFrom('surveys')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('published');
    });
    cleanup();

    await signInAs('viewer');
    renderAt(`/surveys/${id}/show`);
    const send = await screen.findByRole('button', { name: 'Send my answers' });
    await userEvent.type(screen.getByLabelText(/Your team/), 'Finance');
    await userEvent.click(send);
    expect(await screen.findByText('This answer is required.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Fri'));
    await userEvent.click(screen.getByLabelText('4'));
    await userEvent.click(send);
    expect(
      await screen.findByText('You have answered this survey. Thank you!'),
    ).toBeInTheDocument();
    const answers = await server.app.db
      .selectFrom('survey_answers')
      .select('answers_json')
      .where('survey_id', '=', id)
      .execute();
    expect(answers.map((row) => JSON.parse(row.answers_json))).toEqual([
      { q1: 'Finance', q2: 'Fri', q3: 4 },
    ]);
    cleanup();

    await signInAs('editor');
    renderAt(`/surveys/${id}/show/results`);
    expect(await screen.findByText('1 answer')).toBeInTheDocument();
    expect(screen.getByText('Fri: 1')).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(screen.getByText('Min 4 · Average 4 · Max 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('lists the published surveys with their status to a viewer, drafts only to editors', async () => {
    const editorToken = await signInAs('editor');
    const make = (name: string) =>
      call(server, 'POST', '/api/v1/surveys', {
        token: editorToken,
        site: 'acme',
        body: { name, questions: [{ type: 'number', text: 'How many' }] },
      });
    const open = (await make('Open poll')).json.id;
    await make('Draft poll');
    await call(server, 'POST', `/api/v1/surveys/${open}/publish`, {
      token: editorToken,
      site: 'acme',
    });

    renderAt('/surveys');
    expect(await screen.findByText('Draft poll')).toBeInTheDocument();
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0);
    cleanup();

    await signInAs('viewer');
    renderAt('/surveys');
    expect(await screen.findByText('Open poll')).toBeInTheDocument();
    expect(screen.getAllByText('Published').length).toBeGreaterThan(0);
    expect(screen.queryByText('Draft poll')).not.toBeInTheDocument();
  });
});
