import { Badge, Button } from '@mantine/core';

/**
 * One of a list chosen as the default (a payment method, the primary warehouse): the badge that marks
 * it, and on the others the button that makes one the default instead.
 */
export function DefaultBadge({ label }: { label: string }) {
  return (
    <Badge variant="light" color="green" c="dark.8">
      {label}
    </Badge>
  );
}

/** `ariaLabel` names the item too: each of the others has such a button. */
export function MakeDefaultButton({ label, ariaLabel, loading, onClick }: { label: string; ariaLabel: string; loading: boolean; onClick: () => void }) {
  return (
    <Button size="xs" variant="default" loading={loading} onClick={onClick} aria-label={ariaLabel}>
      {label}
    </Button>
  );
}
