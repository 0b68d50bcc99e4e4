import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  formatMegabytes,
  LIMIT_KEYS,
  type LimitKey,
  type PlanLimits,
} from '../../../common/planLimits';

/** A limit as a plan card shows it: a count, megabytes of storage, or "Unlimited". */
function limitText(key: LimitKey, limit: number | null | undefined, unlimited: string): string {
  if (limit === null || limit === undefined) return unlimited;
  return key === 'maxStorageMb' ? formatMegabytes(limit) : String(limit);
}

/** The limits of a plan on a pricing card: users, dashboards, data sources and storage. */
export function PlanLimitsList({ plan }: { plan: Partial<PlanLimits> }) {
  const translate = useTranslate();
  const unlimited = translate('planLimits.unlimited');
  return (
    <Box
      component="dl"
      aria-label={translate('planLimits.card.title')}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 2,
        rowGap: 0.25,
        m: 0,
        mt: 1,
        typography: 'body2',
      }}
    >
      {LIMIT_KEYS.map((key) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {translate(`planLimits.card.${key}`)}
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}>
            {limitText(key, plan[key], unlimited)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
