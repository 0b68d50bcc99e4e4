import { Alert, Box, Button, CircularProgress, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import CheckIcon from '@mui/icons-material/Check';
import { REGISTER_PATH } from '../../ui/navigation/paths';
import { useQuery } from '@tanstack/react-query';
import type { PublicPricingPlan } from '../../../common/api/plans';
import { fetchHomePricingPlans } from './HomeData';
import { PlanLimitsList } from '../../ui/plans/PlanLimitsList';
import { formatPrice, PlanHighlightBadge } from '../../ui/plans/planPrice';

function PlanCard({ plan }: { plan: PublicPricingPlan }) {
  const translate = useTranslate();
  return (
    <Paper
      component="article"
      aria-label={plan.name}
      variant={plan.highlighted ? 'elevation' : 'outlined'}
      elevation={plan.highlighted ? 6 : 0}
      sx={{
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderTop: plan.highlighted ? 4 : undefined,
        borderColor: 'primary.main',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box component="h3" sx={{ typography: 'h5', m: 0 }}>
          {plan.name}
        </Box>
        {plan.highlighted && <PlanHighlightBadge />}
      </Box>
      <Box sx={{ typography: 'h4' }}>
        {formatPrice(plan.priceMonthly, plan.currency)}
        <Box component="span" sx={{ typography: 'body2', color: 'text.secondary', ml: 0.5 }}>
          {translate('public.home.pricing.perMonth')}
        </Box>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, flexGrow: 1 }}>
        {plan.features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
            <CheckIcon fontSize="small" color="success" aria-hidden />
            {feature}
          </Box>
        ))}
      </Box>
      <PlanLimitsList plan={plan} />
      <Button
        component={RouterLink}
        to={REGISTER_PATH}
        variant={plan.highlighted ? 'contained' : 'outlined'}
      >
        {translate('public.home.pricing.choose')}
      </Button>
    </Paper>
  );
}

function PlanList() {
  const translate = useTranslate();
  const plans = useQuery({
    queryKey: ['publicPricingPlans'],
    queryFn: fetchHomePricingPlans,
    retry: false,
  });
  if (plans.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('public.home.pricing.loading')} />
      </Box>
    );
  }
  if (plans.isError) {
    return <Alert severity="warning">{translate('public.home.pricing.error')}</Alert>;
  }
  if (plans.data.length === 0) {
    return <Alert severity="info">{translate('public.home.pricing.empty')}</Alert>;
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(plans.data.length, 4)}, 1fr)` },
      }}
    >
      {plans.data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
    </Box>
  );
}

/** The plans on offer, read from the platform's public pricing endpoint. */
export function HomePricing() {
  const translate = useTranslate();
  return (
    <Box component="section" id="pricing" aria-labelledby="pricing-title" sx={{ py: 6 }}>
      <Box component="h2" id="pricing-title" sx={{ typography: 'h4', textAlign: 'center', mb: 1 }}>
        {translate('public.home.pricing.title')}
      </Box>
      <Box
        component="p"
        sx={{ typography: 'body1', color: 'text.secondary', textAlign: 'center', mt: 0, mb: 4 }}
      >
        {translate('public.home.pricing.subtitle')}
      </Box>
      <PlanList />
    </Box>
  );
}
