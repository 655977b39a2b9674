import { Card, Group, Stack, Title, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled block of a page (a session's, the transactions'); its title is an h2 under the page's h1.
 * What acts on the block (a link, a button, a control) stands at the title's end.
 */
export function SectionCard({
  title,
  children,
  id,
  aside,
  asideAlign = 'center',
}: {
  title: string;
  children: ReactNode;
  id?: string;
  aside?: ReactNode;
  asideAlign?: GroupProps['align'];
}) {
  const heading = (
    <Title order={2} size="h4" id={id}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        {aside ? (
          <Group justify="space-between" align={asideAlign}>
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}
