import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { localisedMessage } from '../../../../src/ui/api/refusals';

// The server writes its messages in English; the web app tells refusals (by their code) and
// plain 401/403/404/413/429 answers (by their status) in its own language, and keeps the
// server's words for the rest (a field's validation, a conflict).

const planLimit = {
  statusCode: 403,
  message: 'The Starter plan allows 3 users.',
  code: 'plan-limit',
};
const badField = { statusCode: 400, message: 'fullName: is required', field: 'fullName' };

describe('server messages in the language of the app', () => {
  afterEach(async () => {
    await i18nProvider.changeLocale('en');
  });

  it("keeps the server's own words in English", () => {
    expect(localisedMessage(403, planLimit.message, planLimit)).toBe(planLimit.message);
    expect(localisedMessage(404, 'Dashboard not found.', {})).toBe('Dashboard not found.');
  });

  it('tells refusals and plain statuses in French, keeping what it cannot translate', async () => {
    await i18nProvider.changeLocale('fr');
    expect(localisedMessage(403, planLimit.message, planLimit)).toBe(
      'Votre offre ne permet pas d’en ajouter davantage.',
    );
    expect(localisedMessage(401, 'Sign in to continue.', { statusCode: 401 })).toBe(
      'Connectez-vous pour continuer.',
    );
    expect(localisedMessage(429, 'Too many attempts. Try again in 3 seconds.', {})).toBe(
      'Trop de tentatives. Patientez un moment puis réessayez.',
    );
    expect(localisedMessage(400, badField.message, badField)).toBe('fullName: is required');
  });
});
