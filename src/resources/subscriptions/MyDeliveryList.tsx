import { DeliveryList } from './DeliveryList';

/** The signed-in user's subscriptions and alerts. */
export default function MyDeliveryList() {
  return <DeliveryList scope="mine" />;
}
