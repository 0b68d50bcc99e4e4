// @vitest-environment-options {"url": "http://localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { TEST_PASSWORD, build, type TestServer } from '../../../api/harness';

// The sign-in page of the platform (the root host) against the real server.

let api: TestServer;
beforeAll(async () => {
  api = await build();
  await resolveLocalhostNames(api.base);
  setApiPrefix(`http://localhost:${api.port}`);
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

describe('platform sign-in page', { timeout: 20000 }, () => {
  it('without a remembered path, sends a platform admin to accounts', async () => {
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), `${TEST_PASSWORD}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/accounts'));
    expect(await screen.findByText('acme')).toBeInTheDocument();
  });
});
