import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp, signIn } from '../../support/renderApp';
import { TEST_USERS, startTestApiServer, type TestApiServer } from '../../support/testApiServer';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
  setApiPrefix(api.url);
});
afterAll(() => api.close());

describe('editing the own company profile', { timeout: 20000 }, () => {
  it('sends the form as multipart and shows the new brand after saving', async () => {
    signIn(TEST_USERS.admin);
    await renderApp('/companies/2');
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
    expect(put?.path).toBe('/api/v1/companyProfiles/2');
    expect(String(put?.headers['content-type'])).toMatch(/^multipart\/form-data/);
    // Only the editable fields travel; the owner and the answer-only fields do not.
    expect(put?.body).toContain('name="name"');
    expect(put?.body).not.toContain('name="accountId"');
    expect(put?.body).not.toContain('name="hasLogo"');
  });

  it("offers the account's admin no way to delete their own company profile", async () => {
    signIn(TEST_USERS.admin);
    await renderApp('/companies/2');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('previews the brand live as the name, colours and logo change', async () => {
    signIn(TEST_USERS.admin);
    await renderApp('/companies/2');
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
    signIn(TEST_USERS.admin);
    const putsBefore = api.requests.filter((r) => r.method === 'PUT').length;
    await renderApp('/companies/2');
    const website = await screen.findByRole('textbox', { name: /Website/ });
    const user = userEvent.setup();
    await user.clear(website);
    await user.type(website, 'not a website');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a web address such as acme.example')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(putsBefore);
  });
});
