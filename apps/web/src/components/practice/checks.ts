import { AddressInput, AvailabilityInput, firstIssue } from '@portal/contract';
import { schemaErrors } from '../../lib/schema-errors';
import type { AddressValues } from './address-fields';
import type { SlotErrors, SlotValues } from './slot-fields';

// The checks of the practice fields, with the contract's zod schemas: loaded beside the page that shows
// the fields, not in its chunk (`practiceChecks`, issue 35).

/** Checked with the contract's own schema: the same words the server answers with. */
export const addressErrors = schemaErrors<AddressValues>(AddressInput);

/** A slot checked with the contract's schema, field by field, then as a whole (end after start). */
export function slotErrors(slot: SlotValues): SlotErrors {
  const out: SlotErrors = {};
  if (slot.dayOfWeek === null) out.dayOfWeek = firstIssue(AvailabilityInput.shape.dayOfWeek, undefined) ?? undefined;
  for (const key of ['startTime', 'endTime'] as const) {
    const message = firstIssue(AvailabilityInput.shape[key], slot[key]);
    if (message) out[key] = message;
  }
  if (!out.startTime && !out.endTime && slot.dayOfWeek !== null) {
    const whole = AvailabilityInput.safeParse(slot);
    if (!whole.success) out.endTime = whole.error.issues[0]?.message;
  }
  return out;
}
