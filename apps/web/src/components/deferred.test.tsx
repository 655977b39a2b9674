import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSystemStore } from '../store/system-store';
import { deferred } from './deferred';

afterEach(() => {
  useSystemStore.setState({ errorModal: { opened: false, title: '', content: null } });
});

describe('deferred', () => {
  it('draws nothing until needed, then the loaded component', async () => {
    let loads = 0;
    const Hello = deferred(async () => {
      loads += 1;
      return () => <p>hello</p>;
    });
    const { rerender } = render(<Hello needed={false} />);
    expect(screen.queryByText('hello')).toBeNull();
    rerender(<Hello needed />);
    expect(await screen.findByText('hello')).toBeInTheDocument();
    // It stays once loaded, so a closing transition is not cut short.
    rerender(<Hello needed={false} />);
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('draws nothing, and does not take the page down, when its chunk fails to load', async () => {
    const Broken = deferred(() => Promise.reject(new Error('offline')));
    render(
      <>
        <p>page</p>
        <Broken needed />
      </>,
    );
    await act(async () => {});
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('shows an error raised before the modals are loaded, and returns focus when it is closed', async () => {
    const StoreModals = deferred(() => import('./store-modals').then((m) => m.StoreModals));
    const Layout = () => (
      <>
        <button type="button">before</button>
        <StoreModals needed={useSystemStore((s) => s.errorModal.opened)} />
      </>
    );
    render(
      <MantineProvider>
        <Layout />
      </MantineProvider>,
    );
    screen.getByRole('button', { name: 'before' }).focus();
    act(() => useSystemStore.getState().showError('It failed.'));
    // The first import of the modals' chunk (Mantine's Modal, transformed on the fly) can take a second.
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('It failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'before' })).toHaveFocus());
  });
});
