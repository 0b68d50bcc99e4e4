import {
  BooleanField,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useRecordDrawer } from '../../routing/sharedPrefixes';
import { formatPrice } from '../../public/platform/PlanCard';
import { PricingForm } from './PricingForm';
import { RecordDrawer } from './RecordDrawer';
import { toPricingPayload } from './pricingInputs';

const label = (field: string) => `platform.pricing.fields.${field}`;

function PricingActions() {
  const translate = useTranslate();
  const { openCreate } = useRecordDrawer();
  return (
    <TopToolbar>
      <Button startIcon={<AddIcon />} onClick={openCreate}>
        {translate('ra.action.create')}
      </Button>
    </TopToolbar>
  );
}

/** Pricing plans at /pricing; a plan opens in a drawer (/pricing?record=<id>). */
export default function PricingList() {
  const { openRecord } = useRecordDrawer();
  return (
    <>
      <List
        resource="pricing"
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'sortOrder', order: 'ASC' }}
        actions={<PricingActions />}
      >
        <Datagrid
          rowClick={(id) => {
            openRecord(id);
            return false;
          }}
          bulkActionButtons={false}
        >
          <TextField source="name" label={label('name')} />
          <FunctionField
            source="priceMonthly"
            label={label('priceMonthly')}
            render={(plan) => formatPrice(plan.priceMonthly, plan.currency)}
          />
          <NumberField source="sortOrder" label={label('sortOrder')} />
          <BooleanField source="highlighted" label={label('highlighted')} sortable={false} />
          <BooleanField source="active" label={label('active')} sortable={false} />
        </Datagrid>
      </List>
      <RecordDrawer
        resource="pricing"
        titleKey={{ create: 'platform.pricing.createTitle', edit: 'platform.pricing.editTitle' }}
        transform={toPricingPayload}
      >
        <PricingForm />
      </RecordDrawer>
    </>
  );
}
