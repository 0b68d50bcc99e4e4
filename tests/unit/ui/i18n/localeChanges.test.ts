import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';

// Changing language twice in a row: the later change wins even when the earlier language's
// messages (a chunk of their own) arrive after it.

afterEach(() => i18nProvider.changeLocale('en'));

describe('changes of language', () => {
  it('keep the latest one when a slower one was asked first', async () => {
    const arabic = i18nProvider.changeLocale('ar');
    const english = i18nProvider.changeLocale('en');
    await Promise.all([arabic, english]);
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.translate('ra.auth.sign_in')).toBe('Sign in');
  });

  it('apply a language once its messages are there', async () => {
    await i18nProvider.changeLocale('fr');
    expect(i18nProvider.getLocale()).toBe('fr');
    expect(i18nProvider.translate('ra.auth.sign_in')).toBe('Connexion');
  });
});
