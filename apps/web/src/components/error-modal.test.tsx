import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSystemStore } from '../store/system-store';
import { ErrorModal } from './error-modal';
import { SuccessModal } from './success-modal';

const renderModals = () =>
  render(
    <MantineProvider>
      <ErrorModal />
      <SuccessModal />
    </MantineProvider>,
  );

afterEach(() => {
  useSystemStore.setState({
    errorModal: { opened: false, title: '', content: null },
    successModal: { opened: false, title: '', content: null },
  });
});

describe('ErrorModal', () => {
  it('is closed until the store opens it', () => {
    renderModals();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("is titled 'Something went wrong' and shows the store's content", async () => {
    renderModals();
    useSystemStore.getState().showError('Error occured while accepting ToS.');
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent('Error occured while accepting ToS.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useSystemStore.getState().errorModal.opened).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('SuccessModal', () => {
  it('shows the title and content it is given', async () => {
    renderModals();
    useSystemStore.getState().showSuccess('File uploaded successfully', 'Done');
    const dialog = await screen.findByRole('dialog', { name: 'Done' });
    expect(dialog).toHaveTextContent('File uploaded successfully');
  });
});
