import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box } from '@mui/material';
import { LoadingCard } from '../../ui/publicPage/LoadingCard';
import { NotFoundNotice } from '../../ui/publicPage/NotFoundNotice';
import { PlanCard } from '../../ui/plans/PlanCard';
import { PublicCard } from '../../ui/publicPage/PublicCard';
import { createAccount, failedWith, fetchPricingPlans, fetchRegistration } from '../publicApi';
import type { PendingRegistration } from '../../../common/api/registrations';
import type { PublicPricingPlan } from '../../../common/api/plans';

interface PricingData {
  registration: PendingRegistration;
  plans: PublicPricingPlan[];
}

async function loadPricing(token: string): Promise<PricingData> {
  const [registration, plans] = await Promise.all([fetchRegistration(token), fetchPricingPlans()]);
  return { registration, plans };
}

/**
 * /pricing/:token, reached from the link the platform admin sent: the registration it belongs
 * to, the plans as cards, and choosing one creates the account and goes on to the password.
 */
export default function PricingPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const pricing = useQuery({
    queryKey: ['publicPricing', token],
    queryFn: () => loadPricing(token),
    retry: false,
  });
  const [choosing, setChoosing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(plan: PublicPricingPlan) {
    setChoosing(true);
    setFailure(null);
    try {
      const created = await createAccount(plan.id, token);
      navigate(created.createPasswordPath);
    } catch (error) {
      setFailure(
        failedWith(error, 409) ? 'platform.pricing.alreadyUsed' : 'platform.pricing.failed',
      );
      setChoosing(false);
    }
  }

  if (pricing.isPending) return <LoadingCard />;
  if (pricing.isError) {
    return failedWith(pricing.error, 404) ? (
      <NotFoundNotice titleKey="platform.pricing.invalidTitle" bodyKey="platform.pricing.invalid" />
    ) : (
      <PublicCard title={translate('platform.pricing.title')}>
        <Alert severity="error">{translate('platform.common.loadFailed')}</Alert>
      </PublicCard>
    );
  }

  const { registration, plans } = pricing.data;
  const used = registration.accountCreated;
  return (
    <PublicCard title={translate('platform.pricing.title')} maxWidth={1040}>
      <Box component="p" sx={{ typography: 'body1', textAlign: 'center', mt: 0 }}>
        {translate('platform.pricing.intro', {
          company: registration.companyName,
          site: registration.site,
        })}
      </Box>
      {used && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('platform.pricing.alreadyUsed')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {translate(failure)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(plans.length, 3) || 1}, 1fr)` },
        }}
      >
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} disabled={choosing || used} onChoose={choose} />
        ))}
      </Box>
    </PublicCard>
  );
}
