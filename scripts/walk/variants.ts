import type { BrowserContextOptions } from 'playwright-core';
import type { LanguageCode } from '../../common/languages';

// The five looks of every page: a desktop, a phone, the dark theme, right-to-left (the layout
// setting) and Arabic (the demo tenant's default language, right to left on its own).

export interface Variant {
  name: 'desktop' | 'phone' | 'dark' | 'rtl' | 'ar';
  context: BrowserContextOptions;
  /** localStorage `Theme`, as the app bar's theme switch stores it. */
  theme?: 'dark';
  /** Turn on rtlLayout in the layout settings panel after sign-in. */
  rtl?: boolean;
  /**
   * The demo tenant's default language while this variant is walked; the browser prefers it
   * too (`context.locale`), so the platform's root pages, which have no tenant, follow.
   */
  accountLanguage?: LanguageCode;
}

const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

export const VARIANTS: Variant[] = [
  { name: 'desktop', context: DESKTOP },
  {
    name: 'phone',
    context: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    },
  },
  { name: 'dark', context: DESKTOP, theme: 'dark' },
  { name: 'rtl', context: DESKTOP, rtl: true },
  { name: 'ar', context: { ...DESKTOP, locale: 'ar' }, accountLanguage: 'ar' },
];
