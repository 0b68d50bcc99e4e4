import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { startTestApiServer, type TestApiServer } from '../../support/testApiServer';

// "Forgot your password?": from the sign-in page to a form that asks for a reset link.

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
  setApiPrefix(api.url);
});
afterAll(() => api.close());

describe('forgot password', { timeout: 20000 }, () => {
  it('is linked from the sign-in page and sends the name typed', async () => {
    await renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    const field = await screen.findByLabelText('User name or e-mail');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Type your user name or e-mail')).toBeVisible();

    await user.type(field, 'ada@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/a message with a link to set a new password/)).toBeVisible();
    const sent = api.requests.find((request) => request.path === '/api/v1/passwordReset');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ username: 'ada@acme.example' });
  });

  it('says so when the name was asked for too often', async () => {
    await renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User name or e-mail'), 'spammer');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() =>
      expect(
        screen.getByText('Too many requests for this name. Please wait a few minutes.'),
      ).toBeVisible(),
    );
  });
});
