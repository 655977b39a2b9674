import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a session page; its title is an h2 under the page's h1. */
export function SectionCard({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
