import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { deferred } from '../components/deferred';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// Where notifications show loads once the page is idle, or at once with the first notification (the
// store keeps it until then), so Mantine's Notifications and its transitions stay out of the entry.
const Toasts = deferred(() => import('./toasts').then((m) => m.Toasts));

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts needed={useNotifications().notifications.length > 0} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
