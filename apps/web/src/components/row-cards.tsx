import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@portal/contract';
import type { ReactNode } from 'react';

/**
 * SPEC §9's 768 px (the viewport, as the sessions list reads it): at or below it the practice's
 * tables are stacked cards, every row's actions on screen without scrolling sideways (decision 024).
 */
export function useNarrow() {
  return useMediaQuery(`(max-width: ${LIMITS.mobileBreakpoint}px)`, undefined, { getInitialValueInEffect: false });
}

/**
 * The actions column of a table wider than its box (above 768 px, beside the sidebar, the table
 * scrolls inside its container): held at the right edge, so a row's actions are in view however far
 * the columns before them are scrolled.
 */
export const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
} as const;

/** The rows of a table as a list of cards, named as the table is. */
export function RowCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

export interface Fact {
  term: string;
  value: ReactNode;
}

/**
 * One row as a card: what names it (and its state) on top, the other columns as terms and values,
 * then its actions, wrapped onto as many lines as they need. Long values wrap instead of widening the page.
 */
export function RowCard({ title, badge, facts, actions }: { title: ReactNode; badge?: ReactNode; facts: Fact[]; actions?: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Box>
          {badge}
        </Group>
        {/* Each term beside its value while both fit, the value under its term in a narrower card (beside
            the sidebar at 541 px), so no word is cut to fit a column. */}
        <Box component="dl" m={0} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
          {facts.map((f) => (
            <Box key={f.term} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-md)', rowGap: 0 }}>
              <Text component="dt" size="sm" c="gray.9" fw={500} style={{ flex: '0 0 7rem' }}>
                {f.term}
              </Text>
              <Box component="dd" m={0} fz="sm" style={{ flex: '1 1 7rem', minWidth: 0, overflowWrap: 'break-word' }}>
                {f.value}
              </Box>
            </Box>
          ))}
        </Box>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
