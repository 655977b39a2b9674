import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailItem {
  term: string;
  value: ReactNode;
}

/** Label and value pairs as a description list, two columns wide where there is room. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    // minmax(0, 1fr): a long value (an e-mail address, a kit id) wraps instead of widening the page.
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, max-content) minmax(0, 1fr)', columnGap: 'var(--mantine-spacing-md)', rowGap: 6 }}
    >
      {items.map((item) => (
        <Box key={item.term} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="gray.7" fw={500}>
            {item.term}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
