import { z } from 'zod';
import { IdParams, pageOf, zId } from '../common';
import { defineEndpoint } from '../endpoint';
import { LIMITS } from '../enums';

const tags = ['admin'];

const AdminPractitioner = z.object({
  id: zId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.number().int(),
  category: z.string().nullable(),
  hpcsaNumber: z.string().nullable(),
  practiceNumber: z.string().nullable(),
  testPassed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const ListQuery = z.strictObject({
  status: z.coerce.number().int().min(1).max(3).optional(),
  email: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const review = (decision: 'accept' | 'decline') =>
  defineEndpoint({
    method: 'POST',
    path: `/api/admin/practitioners/:id/${decision}`,
    tags,
    params: IdParams,
    responses: { 200: AdminPractitioner },
    summary: `${decision === 'accept' ? 'Accept' : 'Decline'} a practice awaiting review (only from status 1; otherwise 400414) and mail the practitioner`,
  });

/** The provider's review of new practices, behind the admin token. */
export const adminApi = {
  practitioners: defineEndpoint({
    method: 'GET',
    path: '/api/admin/practitioners/',
    tags,
    summary: 'Practices, newest first; filter by status (1 created, 2 accepted, 3 declined) or email',
    query: ListQuery,
    responses: { 200: pageOf(AdminPractitioner) },
  }),
  accept: review('accept'),
  decline: review('decline'),
};
