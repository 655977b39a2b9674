import { createTheme, type BadgeProps, type CSSVariablesResolver, type ModalProps, type NotificationProps } from '@mantine/core';
import { t } from '../i18n/i18n';

// Icon-only close buttons need a name for screen readers, in every modal and toast.
const closeButtonProps = { 'aria-label': t('common.close') };

// Shade 8 of the primary colour keeps filled buttons and links above the WCAG AA contrast ratio.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  // What Modal.extend(...) and the like would give, written out: `.extend` is the identity, and
  // importing the components for it would put Modal and Notification (and all they bring: scroll
  // lock, focus trap, transitions) into the entry chunk, which loads them only when first used.
  components: {
    Modal: { defaultProps: { closeButtonProps } satisfies Partial<ModalProps> },
    Notification: { defaultProps: { closeButtonProps } satisfies Partial<NotificationProps> },
    // A badge is a short state word: in a narrow table column it keeps its width instead of
    // shrinking to an ellipsis ('RESULTS AV…').
    Badge: { styles: { root: { minWidth: 'max-content' } } satisfies BadgeProps['styles'] },
  },
});

/**
 * Mantine's 'dimmed' text (field descriptions) is gray 6 and its error text red 6, both near 3.3:1
 * on white: below WCAG AA. Gray 7 and red 9 keep their look above 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (th) => ({
  variables: {},
  light: { '--mantine-color-dimmed': th.colors.gray[7]!, '--mantine-color-error': th.colors.red[9]! },
  dark: {},
});
