import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ENTRY_ADDRESSES } from './addresses';

const tags = ['legal'];

/** The legal documents as PDFs, without sign-in. */
export const legalApi = {
  latest: defineEndpoint({
    ...ENTRY_ADDRESSES.legalDocument,
    tags,
    summary: 'The latest version of a legal document as PDF',
    params: z.strictObject({ file: z.string().max(64) }),
    media: ['application/pdf'],
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/api/legal/:slug/:file',
    tags,
    summary: 'One version of a legal document as PDF',
    params: z.strictObject({ slug: z.string().max(64), file: z.string().max(16) }),
    reply: 'file',
    media: ['application/pdf'],
  }),
};
