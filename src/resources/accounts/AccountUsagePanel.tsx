import { Box, LinearProgress } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AccountWithUsage } from '../../../common/api/accounts';
import {
  formatMegabytes,
  LIMIT_KEYS,
  usedOf,
  usedPercent,
  type LimitKey,
} from '../../../common/planLimits';

const figure = (key: LimitKey, value: number) =>
  key === 'maxStorageMb' ? formatMegabytes(value) : String(value);

/** Usage of the account against each limit of its plan (a bar where the limit is set). */
export function AccountUsagePanel() {
  const record = useRecordContext<Partial<AccountWithUsage> & { id: number }>();
  const translate = useTranslate();
  if (!record?.usage) return null;
  const { usage } = record;
  const limits = record.limits ?? null;
  return (
    <Box component="section" aria-label={translate('planLimits.accounts.usage')} sx={{ my: 2 }}>
      <Box component="h3" sx={{ typography: 'subtitle1', m: 0, mb: 1 }}>
        {translate('planLimits.accounts.usage')}
      </Box>
      {limits === null && (
        <Box sx={{ typography: 'body2', color: 'text.secondary', mb: 1 }}>
          {translate('planLimits.accounts.noPlan')}
        </Box>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '10rem 16rem', gap: 1 }}>
        {LIMIT_KEYS.map((key) => {
          const used = usedOf(usage, key);
          const limit = limits?.[key] ?? null;
          const percent = usedPercent(used, limit);
          const text =
            limit === null
              ? translate('planLimits.accounts.usageUnlimited', { used: figure(key, used) })
              : translate('planLimits.accounts.usageOf', {
                  used: figure(key, used),
                  limit: figure(key, limit),
                });
          return (
            <Box key={key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
                {translate(`planLimits.card.${key}`)}
              </Box>
              <Box component="dd" sx={{ m: 0 }} data-limit={key}>
                <Box sx={{ typography: 'body2' }}>{text}</Box>
                {percent !== null && (
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
                    aria-label={translate(`planLimits.card.${key}`)}
                  />
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
