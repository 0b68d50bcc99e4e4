import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiPrefix } from '../../../../../src/ui/api/httpClient';
import { renderApp } from '../../../support/renderApp';
import { startPlatformServer, type PlatformServer } from '../../../../api/platformHarness';
import { signInAs } from '../../../support/realServerScreens';

// The help panel of the app bar: on a section's page it opens on the articles about that
// section, searches every article, and shows one in place.

let api: PlatformServer;
beforeAll(async () => {
  api = await startPlatformServer();
  setApiPrefix(api.base);
  // The two articles the panel is tested with, in place of the seeded ones.
  await api.app.db.deleteFrom('help_sections').execute();
  await api.app.db
    .insertInto('help_sections')
    .values([
      {
        title: 'Sharing a dashboard',
        body: 'Choose **Share**.',
        group_name: 'Dashboards',
        sections: 'dashboards',
        sort_order: 1,
        published: 1,
      },
      {
        title: 'API tokens',
        body: 'Create a token.',
        group_name: 'Administration',
        sections: 'tokens',
        sort_order: 2,
        published: 1,
      },
    ])
    .execute();
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

describe('help panel', { timeout: 20000 }, () => {
  it("opens on the page's section, searches, and reads an article", async () => {
    await signInAs(api, 'acme', 'admin');
    await renderApp('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const panel = await screen.findByRole('dialog', { name: 'Help' });
    // On /users: the articles about users only (none here).
    expect(await within(panel).findByText('No help articles here yet.')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'About Users' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'All articles' }));
    const list = await within(panel).findByRole('list', { name: 'Help articles' });
    expect(within(list).getByText('Sharing a dashboard')).toBeVisible();
    expect(within(list).getByText('Administration')).toBeVisible();

    fireEvent.change(within(panel).getByLabelText('Search the help'), {
      target: { value: 'token' },
    });
    fireEvent.click(await within(panel).findByText('API tokens'));
    expect(within(panel).queryByText('Sharing a dashboard')).toBeNull();
    expect(await within(panel).findByText('Create a token.')).toBeVisible();

    fireEvent.click(within(panel).getByRole('button', { name: 'All articles' }));
    expect(await within(panel).findByLabelText('Search the help')).toBeVisible();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close the help' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Help' })).toBeNull());
  });
});
