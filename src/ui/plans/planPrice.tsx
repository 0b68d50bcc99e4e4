import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';

// How a plan's price and its highlight read, the same on the home page, the pricing page and
// the platform admin's plan list.

/** `4900` cents in `EUR` -> `€49`, `1999` USD -> `$19.99`: prices are in the minor unit. */
export function formatPrice(cents: number, currency: string): string {
  const amount = cents / 100;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** The badge of a highlighted plan. */
export function PlanHighlightBadge() {
  const translate = useTranslate();
  return <Chip size="small" color="primary" label={translate('platform.pricing.recommended')} />;
}
