import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/ui/i18n/en';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { LOCAL_KEYS, SESSION_KEYS, THEME_STORAGE_KEY } from '../../../../src/ui/api/storageKeys';
import { RENDER_ERROR_TEXT } from '../../../../src/app/layout/RenderErrorBoundary';

describe('storage keys', () => {
  it('keep the user, token and profile in sessionStorage and the theme under `Theme`', () => {
    expect(SESSION_KEYS).toEqual({
      user: 'user',
      token: 'token',
      companyProfile: 'companyProfile',
      staleChunkReload: 'staleChunkReload',
    });
    expect(THEME_STORAGE_KEY).toBe('Theme');
    // public/tabTitle.js reads the profile and the company name by name, before the app's code
    // has loaded; the right-to-left setting is kept beside the theme.
    expect(LOCAL_KEYS).toEqual({ companyName: 'companyName', rtlLayout: 'rtlLayout' });
    const script = readFileSync('public/tabTitle.js', 'utf8');
    expect(script).toContain(`'${SESSION_KEYS.companyProfile}'`);
    expect(script).toContain(`'${LOCAL_KEYS.companyName}'`);
  });
});

describe('i18nProvider', () => {
  it('merges our English messages with react-admin’s', () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('app.title.welcome', { name: 'Acme' })).toBe('Welcome | Acme');
    expect(i18nProvider.translate('app.auth.invalidCredentials')).toBe(
      'Invalid username or password',
    );
  });

  it('holds the render error text exactly', () => {
    expect(en.app.error.render).toBe(RENDER_ERROR_TEXT);
    expect(i18nProvider.translate('app.error.render')).toBe(RENDER_ERROR_TEXT);
  });
});
