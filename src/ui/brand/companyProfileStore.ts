import type { CompanyProfile } from '../../../common/types';
import type { LanguageCode } from '../../../common/languages';
import { HttpError, apiUrl, httpClient, httpRequest } from '../api/httpClient';
import { fallbackBrandName, isPlatformBrand } from './brandSite';
import { LOCAL_KEYS, SESSION_KEYS, readSessionJson, writeSessionJson } from '../api/storageKeys';

// The company profile shown in the brand area (spec §3): fetched once a session, with the logo
// kept as a data URL, and cached in sessionStorage. Its name is also kept in localStorage, so
// the next visit's tab title (public/tabTitle.js) names the company before the app loads.

export { PRODUCT_NAME } from './brandSite';

export interface BrandProfile {
  name: string;
  website: string;
  logoDataUrl: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  /** The account's default language; null (or missing in an older cache): the browser's. */
  language?: LanguageCode | null;
}

/** A website without a scheme gets `//` so the link leaves the app: `acme.example` -> `//acme.example`. */
export function normalizeWebsite(website: string | null | undefined): string {
  const trimmed = (website ?? '').trim();
  if (trimmed === '') return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  return `//${trimmed}`;
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

export function getCachedProfile(): BrandProfile | null {
  return readSessionJson<BrandProfile>(SESSION_KEYS.companyProfile);
}

export function clearCompanyProfileCache(): void {
  sessionStorage.removeItem(SESSION_KEYS.companyProfile);
  inFlight = null;
}

async function fetchLogo(): Promise<string | null> {
  try {
    const answer = await httpRequest<Blob>(apiUrl('/api/v1/logo'), {
      handleAuthErrorsInCaller: true,
    });
    return answer.kind === 'binary' ? await blobToDataUrl(answer.data) : null;
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404))
      console.error('Logo not loaded', error);
    return null;
  }
}

async function fetchProfile(): Promise<BrandProfile | null> {
  try {
    const { json } = await httpClient(apiUrl('/api/v1/companyProfile'), {
      handleAuthErrorsInCaller: true,
    });
    const profile = json as CompanyProfile;
    return {
      name: profile.name,
      website: normalizeWebsite(profile.website),
      logoDataUrl: profile.hasLogo === false ? null : await fetchLogo(),
      primaryColor: profile.primaryColor || null,
      secondaryColor: profile.secondaryColor || null,
      language: profile.language ?? null,
    };
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404))
      console.error('Company profile not loaded', error);
    return null;
  }
}

let inFlight: Promise<BrandProfile | null> | null = null;

/** The session's profile: from sessionStorage when cached, else fetched once and cached. */
export function loadCompanyProfile(): Promise<BrandProfile | null> {
  const cached = getCachedProfile();
  if (cached) return Promise.resolve(cached);
  // The platform has no profile: asking would answer 404 on every page of the root host.
  if (isPlatformBrand()) return Promise.resolve(null);
  inFlight ??= fetchProfile().then((profile) => {
    if (profile) {
      writeSessionJson(SESSION_KEYS.companyProfile, profile);
      localStorage.setItem(LOCAL_KEYS.companyName, profile.name);
    }
    inFlight = null;
    return profile;
  });
  return inFlight;
}

/** "Welcome | <company>"; the product's name on the platform only, else a neutral "Welcome". */
export function tabTitle(
  profile: Pick<BrandProfile, 'name'> | null,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const name = profile?.name || fallbackBrandName();
  return name ? translate('app.title.welcome', { name }) : translate('app.title.neutral');
}
