import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardActions, CardContent } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import type { PublicPricingPlan } from '../../../common/api/plans';
import { PlanLimitsList } from './PlanLimitsList';
import { formatPrice, PlanHighlightBadge } from './planPrice';

export function PlanCard({
  plan,
  disabled,
  onChoose,
}: {
  plan: PublicPricingPlan;
  disabled: boolean;
  onChoose: (plan: PublicPricingPlan) => void;
}) {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={plan.name}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: plan.highlighted ? 'primary.main' : undefined,
        borderWidth: plan.highlighted ? 2 : 1,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Box component="h2" sx={{ typography: 'h6', m: 0 }}>
            {plan.name}
          </Box>
          {plan.highlighted && <PlanHighlightBadge />}
        </Box>
        <Box sx={{ typography: 'h4', my: 1 }}>
          {formatPrice(plan.priceMonthly, plan.currency)}
          <Box component="span" sx={{ typography: 'body2', color: 'text.secondary', ml: 0.5 }}>
            {translate('platform.pricing.perMonth')}
          </Box>
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {plan.features.map((feature) => (
            <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, py: 0.25 }}>
              <CheckIcon fontSize="small" color="success" aria-hidden />
              {feature}
            </Box>
          ))}
        </Box>
        <PlanLimitsList plan={plan} />
      </CardContent>
      <CardActions>
        <Button
          fullWidth
          variant={plan.highlighted ? 'contained' : 'outlined'}
          disabled={disabled}
          onClick={() => onChoose(plan)}
        >
          {translate('platform.pricing.choose', { name: plan.name })}
        </Button>
      </CardActions>
    </Card>
  );
}
