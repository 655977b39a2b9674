import { ErrorModal } from './error-modal';
import { SuccessModal } from './success-modal';

/** The store-driven modals, in a chunk of their own (Mantine's Modal and all it needs): see RootLayout. */
export function StoreModals() {
  return (
    <>
      <ErrorModal />
      <SuccessModal />
    </>
  );
}
