import { Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { documentTitle } from '../i18n/i18n';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A page's frame: the document title and the page's one h1 (`heading` when it differs from the title). */
export function Page({ title, heading, children }: { title: string; heading?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack gap="md">
      <Title order={1}>{heading ?? title}</Title>
      {children}
    </Stack>
  );
}
