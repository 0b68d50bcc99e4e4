import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '../../../../common/types';
import { authProvider } from '../../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../../src/app/providers/dataProvider';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import RegistrationShow from '../../../../src/resources/registrations/RegistrationShow';
import { hashToken } from '../../../../server/http/tokens';
import { call } from '../../../api/fixtures';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// The platform admin's decisions on a registration, against the real server: Approve shows
// the pricing link the approval message carries; Reject asks for the reason.

let server: PlatformServer;

async function register(site: string): Promise<number> {
  const answer = await call(server, 'POST', '/api/v1/register', {
    body: {
      companyName: `Company ${site}`,
      site,
      fullName: 'Pat Registrant',
      email: `pat@${site}.example`,
      username: 'pat',
    },
  });
  return Number(answer.headers.get('location')?.split('/').pop());
}

function renderRegistration(id: number) {
  return render(
    <MemoryRouter initialEntries={[`/registrations/${id}/show`]}>
      <AdminContext
        dataProvider={createDataProvider(`${server.base}/api/v1`)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
      >
        <ResourceContextProvider value="registrations">
          <Routes>
            <Route path="/registrations/:id/show" element={<RegistrationShow />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const statusOf = async (id: number) =>
  await server.app.db
    .selectFrom('registrations')
    .select(['status', 'reject_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
});
beforeEach(async () => {
  const token = await server.sessionFor('www', 'admin');
  const admin: User = {
    id: 1,
    username: 'admin',
    fullName: 'Platform Administrator',
    email: 'admin@brandboard.example',
    role: 'platform-admin',
    active: true,
    accountId: 1,
    site: 'www',
    language: null,
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(admin));
});
afterEach(cleanup);
afterAll(async () => {
  setApiPrefix('');
  sessionStorage.clear();
  await server?.close();
});

describe('registration decisions', { timeout: 20000 }, () => {
  it('approves and shows the pricing link of the approval message', async () => {
    const id = await register('hooli');
    renderRegistration(id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    const link = within(dialog).getByLabelText('Pricing link') as HTMLInputElement;
    expect(link.value).toMatch(new RegExp(`^${window.location.origin}/pricing/[\\w-]{40,}$`));
    // Without SMTP nothing was e-mailed, and the dialog says so instead of "went".
    expect(dialog).toHaveTextContent(
      'No e-mail was sent (this site sends none): copy the link and send it to pat@hooli.example yourself.',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled();
    // The link shown once is the one the registration's token hash stands for; the approval
    // message in the outbox keeps no link.
    const message = await server.app.db
      .selectFrom('outbox_messages')
      .select('link')
      .where('type', '=', 'registration-approved')
      .where('recipient', '=', 'pat@hooli.example')
      .executeTakeFirstOrThrow();
    expect(message.link).toBeNull();
    const registration = await server.app.db
      .selectFrom('registrations')
      .select('token_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(registration.token_hash).toBe(hashToken(link.value.split('/').pop()!));
    expect((await statusOf(id)).status).toBe('approved');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects only with a reason', async () => {
    const id = await register('piedpiper');
    renderRegistration(id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason of the rejection/), 'Out of scope');
    await user.click(confirm);
    await waitFor(async () =>
      expect(await statusOf(id)).toEqual({ status: 'rejected', reject_reason: 'Out of scope' }),
    );
  });
});
