import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/**
 * A list of the practice's own records (addresses, weekly slots, payment details) edited in place:
 * the row being edited turns into its form, and the form for a new one replaces the Add button.
 * One is edited at a time, so opening another form closes the one that was open.
 */
export function EditableList<T extends { id: string }>({
  items,
  empty,
  addLabel,
  compact = false,
  row,
  edit,
  create,
}: {
  items: readonly T[];
  /** Said when there is none and no new one is being added. */
  empty: string;
  addLabel: string;
  /** Slots are one line each: tighter rows. */
  compact?: boolean;
  row: (item: T, edit: () => void) => ReactNode;
  /** The form that edits `item`; `done` closes it. */
  edit: (item: T, done: () => void) => ReactNode;
  /** The form for a new one. */
  create: (done: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const done = () => setEditing(null);

  return (
    <>
      {items.length === 0 && editing !== 'new' && <Text>{empty}</Text>}
      <Stack gap={compact ? 'xs' : 'sm'} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) =>
          editing === item.id ? (
            <li key={item.id}>{edit(item, done)}</li>
          ) : (
            <Paper key={item.id} component="li" withBorder radius="md" {...(compact ? { px: 'md', py: 'xs' } : { p: 'md' })}>
              {row(item, () => setEditing(item.id))}
            </Paper>
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        create(done)
      ) : (
        <div>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
            {addLabel}
          </Button>
        </div>
      )}
    </>
  );
}
