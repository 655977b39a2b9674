import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { legalApi } from '@portal/contract';
import { LEGAL_DOCUMENTS, type LegalSlug } from '@portal/contract/legal';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { renderLegalPdf } from './pdf';

const Slug = z.enum(Object.keys(LEGAL_DOCUMENTS) as [LegalSlug, ...LegalSlug[]]);

/** The legal documents as PDFs, rendered from the project's own text once per process. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<LegalSlug, Promise<Buffer>>();
  const pdfOf = (slug: LegalSlug) => {
    let pdf = cache.get(slug);
    if (!pdf) {
      pdf = renderLegalPdf(LEGAL_DOCUMENTS[slug]).then((bytes) => Buffer.from(bytes));
      pdf.catch(() => cache.delete(slug));
      cache.set(slug, pdf);
    }
    return pdf;
  };
  const send = async (slug: LegalSlug, reply: import('fastify').FastifyReply) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${slug}.pdf"`)
      .header('cache-control', 'public, max-age=3600')
      .send(await pdfOf(slug));

  route(app, legalApi.latest, { config: { auth: 'public' } }, async (req, reply) => {
    const slug = Slug.safeParse(req.params.file.replace(/\.pdf$/, ''));
    if (!req.params.file.endsWith('.pdf') || !slug.success) throw notFound();
    return send(slug.data, reply);
  });

  route(app, legalApi.version, { config: { auth: 'public' } }, async (req, reply) => {
    const slug = Slug.safeParse(req.params.slug);
    const version = /^v(\d{1,6})\.pdf$/.exec(req.params.file)?.[1];
    // Only the current text exists in the code; an older version is not served as if it were it.
    if (!slug.success || Number(version) !== LEGAL_DOCUMENTS[slug.data].version) throw notFound();
    return send(slug.data, reply);
  });
};
