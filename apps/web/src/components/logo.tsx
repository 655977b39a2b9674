import { Group, Text } from '@mantine/core';
import { t } from '../i18n/i18n';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-8)" />
      <path d="M11 6c0 7 10 7 10 13s-10 6-10 13M21 6c0 7-10 7-10 13" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M12.5 10h7M12.5 22h7" stroke="#a5d8ff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The mark with the product name; the name is text, so the logo needs no alt of its own. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={700} size="lg" c="dark.8">
        {t('app.name')}
      </Text>
    </Group>
  );
}
