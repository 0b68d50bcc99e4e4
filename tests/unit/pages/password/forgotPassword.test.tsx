import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { call, startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// "Forgot your password?": from the sign-in page to a form that asks for a reset link.

let api: PlatformServer;
beforeAll(async () => {
  // A small one-time-token budget per address: asking too often is reachable in a test.
  api = await startPlatformServer('sqlite', { RATE_LIMIT_TOKENS_PER_MINUTE: '3' });
  setApiPrefix(api.base);
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

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
    // Asked for too often: the address's budget is spent for the minute, the server answers 429.
    let answer = 0;
    for (let attempt = 0; attempt < 20 && answer !== 429; attempt += 1) {
      answer = (await call(api, 'POST', '/api/v1/passwordReset', { body: { username: 'spammer' } }))
        .status;
    }
    expect(answer).toBe(429);
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
