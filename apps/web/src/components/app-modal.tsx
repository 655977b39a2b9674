import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@portal/contract';

/** The product's modal sizes (SPEC §2): small, medium, large, and the terms modal at 50vw. */
export type AppModalSize = 'small' | 'medium' | 'large' | 'terms';

const WIDTHS: Record<AppModalSize, string | number> = {
  small: 420,
  medium: 640,
  large: 960,
  terms: '50vw',
};

export type AppModalProps = Omit<ModalProps, 'size'> & { size?: AppModalSize };

export function AppModal({ size = 'medium', ...props }: AppModalProps) {
  // Under the general mobile breakpoint every modal takes the full width.
  const narrow = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpoint}px)`);
  return <Modal centered {...props} size={narrow ? '100%' : WIDTHS[size]} />;
}
