import { Notifications } from '@mantine/notifications';
import { LIMITS } from '@portal/contract';

/** Where notifications show, in a chunk of their own: see Providers. */
export function Toasts() {
  return <Notifications position="top-right" autoClose={LIMITS.toastMs} />;
}
