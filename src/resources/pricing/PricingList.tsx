import {
  BooleanField,
  FunctionField,
  NumberField,
  SearchInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { LIMIT_KEYS } from '../../../common/planLimits';
import { formatPrice } from '../../ui/plans/planPrice';
import { DrawerRecordList } from '../../ui/recordDrawer/DrawerRecordList';
import { PricingForm } from './PricingForm';
import { toPricingPayload } from './pricingInputs';

const label = (field: string) => `platform.pricing.fields.${field}`;

/** A limit in the list: its number, or "Unlimited" when empty. */
function LimitValue({ limit }: { limit: unknown }) {
  const translate = useTranslate();
  return <>{typeof limit === 'number' ? limit : translate('planLimits.unlimited')}</>;
}

/** Pricing plans at /pricing; a plan opens in a drawer (/pricing?record=<id>). */
export default function PricingList() {
  return (
    <DrawerRecordList
      resource="pricing"
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      titleKey={{ create: 'platform.pricing.createTitle', edit: 'platform.pricing.editTitle' }}
      transform={toPricingPayload}
      form={<PricingForm />}
    >
      <TextField source="name" label={label('name')} />
      <FunctionField
        source="priceMonthly"
        label={label('priceMonthly')}
        render={(plan) => formatPrice(plan.priceMonthly, plan.currency)}
      />
      {LIMIT_KEYS.map((key) => (
        <FunctionField
          key={key}
          source={key}
          label={`planLimits.fields.${key}`}
          sortable={false}
          render={(plan) => <LimitValue limit={plan[key]} />}
        />
      ))}
      <NumberField source="sortOrder" label={label('sortOrder')} />
      <BooleanField source="highlighted" label={label('highlighted')} sortable={false} />
      <BooleanField source="active" label={label('active')} sortable={false} />
    </DrawerRecordList>
  );
}
