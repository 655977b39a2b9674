import { z } from 'zod';
import { listOf, zId } from './common';

export const Category = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof Category>;
export const CategoryList = listOf(Category);

export const Lookup = z.object({ id: z.number().int(), name: z.string() });

/** GET /portal/me/ (SPEC §7). */
export const PractitionerMe = z.object({
  id: zId,
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  categoryID: z.number().int().nullable(),
  category: Category.nullable(),
  warehouseID: zId.nullable(),
  tosAccepted: z.boolean(),
  languages: z.array(Lookup),
  specializations: z.array(Lookup),
  hpcsaNumber: z.string().nullable(),
  practiceNumber: z.string().nullable(),
  description: z.string().nullable(),
  profileImage: z.string().nullable(),
});
export type PractitionerMe = z.infer<typeof PractitionerMe>;
