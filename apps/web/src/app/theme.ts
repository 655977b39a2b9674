import { createTheme } from '@mantine/core';

// Shade 8 of the primary colour keeps filled buttons and links above the WCAG AA contrast ratio.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
});
