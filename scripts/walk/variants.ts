import type { BrowserContextOptions } from 'playwright-core';

// The four looks of every page: a desktop, a phone, the dark theme and right-to-left.

export interface Variant {
  name: 'desktop' | 'phone' | 'dark' | 'rtl';
  context: BrowserContextOptions;
  /** localStorage `Theme`, as the app bar's theme switch stores it. */
  theme?: 'dark';
  /** Turn on rtlLayout in the layout settings panel after sign-in. */
  rtl?: boolean;
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
];
