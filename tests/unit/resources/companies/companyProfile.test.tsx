// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { signInAs } from '../../support/realSession';
import { call } from '../../../api/fixtures';
import { build, type TestServer } from '../../../api/harness';

// acme's admin edits acme's company profile (seeded) on the real server at acme.localhost.

let api: TestServer;
let profileId = 0;
let token = '';
beforeAll(async () => {
  api = await build();
  await resolveLocalhostNames(api.base);
  setApiPrefix(`http://acme.localhost:${api.port}`);
  profileId = (
    await api.app.db
      .selectFrom('company_profiles')
      .innerJoin('accounts', 'accounts.id', 'company_profiles.account_id')
      .select('company_profiles.id')
      .where('accounts.site', '=', 'acme')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

async function signInAdmin() {
  token = await signInAs(api, 'acme', 'admin');
}
const page = () => `/companies/${profileId}`;

describe('editing the own company profile', { timeout: 60000 }, () => {
  it('sends the form as multipart and shows the new brand after saving', async () => {
    await signInAdmin();
    await renderApp(page());
    const name = await screen.findByLabelText(/Company name/);
    await waitFor(() => expect(name).toHaveValue('Acme Analytics'));
    // The brand area: the company name, with its website linked beside it.
    expect(await screen.findByRole('link', { name: 'Acme Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website of Acme Analytics' })).toHaveAttribute(
      'href',
      '//acme.example',
    );

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Acme Insights');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(document.title).toBe('Welcome | Acme Insights'));
    expect(await screen.findByRole('link', { name: 'Acme Insights' })).toBeInTheDocument();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/api/v1/companyProfiles/${profileId}`);
    expect(String(put?.headers['content-type'])).toMatch(/^multipart\/form-data/);
    // The server stored the new name and kept the other fields (the seeded logo included).
    const stored = await call(api, 'GET', `/api/v1/companyProfiles/${profileId}`, {
      token,
      site: 'acme',
    });
    expect(stored.status).toBe(200);
    expect(stored.json).toMatchObject({
      id: profileId,
      name: 'Acme Insights',
      website: 'acme.example',
      hasLogo: true,
    });
  });

  it("offers the account's admin no way to delete their own company profile", async () => {
    await signInAdmin();
    await renderApp(page());
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('previews the brand live as the name, colours and logo change', async () => {
    await signInAdmin();
    await renderApp(page());
    const name = (await screen.findByLabelText(/Company name/)) as HTMLInputElement;
    await waitFor(() => expect(name.value).not.toBe(''));
    const preview = screen.getByTestId('brand-preview');
    expect(preview).toHaveTextContent(name.value);

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Acme Preview');
    expect(preview).toHaveTextContent('Acme Preview');

    fireEvent.input(screen.getByLabelText(/Primary colour/), { target: { value: '#c62828' } });
    await waitFor(() =>
      expect(screen.getByTestId('brand-preview-bar')).toHaveStyle({
        backgroundColor: 'rgb(198, 40, 40)',
      }),
    );

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('dropzone').querySelector('input')!, logo);
    await waitFor(() =>
      expect(within(preview).getByRole('img').getAttribute('src')).toMatch(/^blob:/),
    );
  });

  it('says at the field when a colour or the website is malformed', async () => {
    await signInAdmin();
    const putsBefore = api.requests.filter((r) => r.method === 'PUT').length;
    await renderApp(page());
    const website = await screen.findByRole('textbox', { name: /Website/ });
    const user = userEvent.setup();
    await user.clear(website);
    await user.type(website, 'not a website');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a web address such as acme.example')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(putsBefore);
  });
});
