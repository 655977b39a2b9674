import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from './providers';

afterEach(() => act(() => notifications.clean()));

describe('Providers', () => {
  it('shows a notification raised before the notifications chunk has loaded', async () => {
    render(
      <Providers>
        <p>page</p>
      </Providers>,
    );
    act(() => notifications.show({ color: 'red', message: 'Signing out failed.' }));
    expect(await screen.findByText('Signing out failed.', {}, { timeout: 5000 })).toBeInTheDocument();
    // Top right, as before.
    expect(document.querySelector('[data-position="top-right"]')).toContainElement(screen.getByText('Signing out failed.'));
  });
});
