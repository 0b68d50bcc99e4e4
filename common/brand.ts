/** The colours of a new account's brand until an admin sets its own. */
export const DEFAULT_BRAND_COLORS = { primary: '#1976d2', secondary: '#9c27b0' } as const;
