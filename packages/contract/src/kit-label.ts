import { z } from 'zod';
import { transforms, VALIDATION_MESSAGES } from './validators';

// A kit's sample label and the body that assigns a kit by it, apart from the rest of commerce.ts: the
// session page's assign-kit form checks it without building the commerce, practice and account
// schemas (issue 35).

const required = VALIDATION_MESSAGES.REQUIRED;
const invalid = VALIDATION_MESSAGES.INVALID_NUMBER;

export const SAMPLE_LABEL_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,31}$/;
export const normaliseSampleLabel = (raw: string) => transforms.uppercase(transforms.stripSpaces(raw));
export const zSampleLabel: z.ZodType<string, string> = z
  .string({ error: () => required })
  .transform(normaliseSampleLabel)
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: required, input: value });
    else if (!SAMPLE_LABEL_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: invalid, input: value });
  });

/** PUT /api/portal/sessions/{id}/kit: hands the kit with this sample label to the session's patient. */
export const AssignKitBody = z.strictObject({ sampleLabel: zSampleLabel });
export type AssignKitBody = z.input<typeof AssignKitBody>;
