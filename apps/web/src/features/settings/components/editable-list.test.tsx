import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { EditableList } from './editable-list';

const items = [
  { id: 'a', name: 'First' },
  { id: 'b', name: 'Second' },
];

function List({ of = items }: { of?: typeof items }) {
  return (
    <EditableList
      items={of}
      empty="Nothing yet."
      addLabel="Add one"
      row={(item, edit) => (
        <Button onClick={edit} aria-label={`Edit ${item.name}`}>
          {item.name}
        </Button>
      )}
      edit={(item, done) => (
        <section aria-label={`Editing ${item.name}`}>
          <Button onClick={done}>Close</Button>
        </section>
      )}
      create={(done) => (
        <section aria-label="New one">
          <Button onClick={done}>Close</Button>
        </section>
      )}
    />
  );
}

describe('EditableList', () => {
  it('turns the row being edited into its form, one at a time, and back when done', async () => {
    renderWithProviders(<List />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Edit First' }));
    expect(screen.getByRole('region', { name: 'Editing First' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit First' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Second' }));
    expect(screen.queryByRole('region', { name: 'Editing First' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Editing Second' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Edit Second' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('says an empty list is empty until a new one is being added, in place of the Add button', async () => {
    renderWithProviders(<List of={[]} />);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add one' }));
    expect(screen.getByRole('region', { name: 'New one' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add one' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one' })).toBeInTheDocument();
  });
});
