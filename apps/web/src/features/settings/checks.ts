import { UpdateMe, VALIDATION_MESSAGES, paymentIdentifierError, zDescription, zHpcsaNumber, zPracticeNumber } from '@portal/contract';
import { z } from 'zod';
import { schemaErrors } from '../../lib/schema-errors';
import type { PaymentValues } from './components/payment-section';
import type { PracticeValues } from './components/practice-section';
import type { ProfileValues } from './components/profile-section';

// The Settings forms' checks, with the contract's zod schemas: loaded beside the page, not in its chunk
// (`settingsChecks`, issue 35).

export const profileErrors = schemaErrors<ProfileValues>(UpdateMe);

// The category is chosen from the list, so only the typed fields are checked here.
export const practiceErrors = schemaErrors<PracticeValues>(z.object({ hpcsaNumber: zHpcsaNumber, practiceNumber: zPracticeNumber, description: zDescription }));

/** The type first; the identifier is checked as its type wants it. */
export const paymentErrors = ({ type, identifier }: PaymentValues) => ({
  type: type === null ? VALIDATION_MESSAGES.REQUIRED : undefined,
  identifier: type === null ? undefined : (paymentIdentifierError(type, identifier) ?? undefined),
});
