// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { signInAs } from '../../support/realSession';
import { build, type TestServer } from '../../../api/harness';

// The whole app on acme.localhost against the real server: the sign-in page speaks the
// account's default language (Arabic: right to left), and a user who chooses French on their
// profile sees the app in French at once.

let api: TestServer;
beforeAll(async () => {
  api = await build();
  await resolveLocalhostNames(api.base);
  setApiPrefix(`http://acme.localhost:${api.port}`);
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

async function setAccountLanguage(language: string | null) {
  const account = await api.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  await api.app.db
    .updateTable('company_profiles')
    .set({ language })
    .where('account_id', '=', account.id)
    .execute();
}

afterEach(async () => {
  await setAccountLanguage(null);
  await api.app.db.updateTable('users').set({ language: null }).execute();
});

describe('the language of the app', { timeout: 60000 }, () => {
  it('shows the sign-in page in the account’s default language: French', async () => {
    await setAccountLanguage('fr');
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('turns the page right to left for an account whose default is Arabic', async () => {
    await setAccountLanguage('ar');
    await renderApp('/login');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    // Its words arrive with the Arabic messages (react-admin's own among them).
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });

  it('speaks French once a user chooses it on their profile, and keeps it', async () => {
    await signInAs(api, 'acme', 'viewer');
    await renderApp('/profile');
    fireEvent.mouseDown(
      await screen.findByRole('combobox', { name: 'Language' }, { timeout: 15000 }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Français' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save language' }));

    // The whole app renders again in French (react-admin re-renders on a locale change).
    expect(
      await screen.findByRole('button', { name: 'Enregistrer la langue' }, { timeout: 20000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le nom' })).toBeInTheDocument();
    // The app bar and menu follow too (react-admin's own messages from ra-language-french).
    expect(screen.getByRole('button', { name: 'Aller au contenu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réduire ou déplier le menu' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    const stored = await api.app.db
      .selectFrom('users')
      .select('language')
      .where('username', '=', 'viewer')
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('fr');
  });
});
