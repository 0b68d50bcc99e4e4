import { DeliveryList } from '../subscriptions/DeliveryList';

/** Every subscription and alert of the admin's account. */
export default function AccountDeliveryList() {
  return <DeliveryList scope="account" />;
}
