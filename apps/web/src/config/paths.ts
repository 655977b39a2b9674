import { ENTRY_ADDRESSES } from '@portal/contract';
import { endpointUrl } from '../lib/api-client';

/**
 * Every route of SPEC §2: `routes` holds the patterns the router matches, `paths` builds hrefs.
 * Spellings are the product's own ('questionnarie' included).
 */
export const routes = {
  home: '/',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  portalTermsAndConditions: '/portal-terms-and-conditions',
  attributions: '/attributions',
  onboarding: '/onboarding',
  sessions: '/sessions',
  session: '/sessions/:id',
  sessionResults: '/sessions/:id/results',
  sessionResult: '/sessions/:id/results/:resultID',
  sessionResultComponent: '/sessions/:id/result/:resultID/components/:componentID',
  sessionQuestionnaires: '/sessions/:id/questionnaires',
  sessionQuestionnaire: '/sessions/:id/questionnaires/:questionnaireID',
  sessionQuestionnarie: '/sessions/:id/questionnarie/:questionnarieID',
  sessionNotes: '/sessions/:id/notes',
  sessionReports: '/sessions/:id/reports',
  sessionAskAi: '/sessions/:id/ask-ai',
  journals: '/journals',
  journal: '/journals/:id',
  courses: '/courses',
  course: '/course',
  kits: '/kits',
  settings: '/settings',
  summary: '/summary',
  transactions: '/summary/transactions',
  warehousing: '/warehousing',
  discountCodes: '/discount-codes',
  confirmInvite: '/confirm-invite',
} as const;

const seg = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => routes.home,
  privacyPolicy: () => routes.privacyPolicy,
  termsAndConditions: () => routes.termsAndConditions,
  portalTermsAndConditions: () => routes.portalTermsAndConditions,
  /** Sources and licences of the pharmacogenomic knowledge base (CPIC, PharmCAT). */
  attributions: () => routes.attributions,
  onboarding: () => routes.onboarding,
  sessions: () => routes.sessions,
  /** The session details page ('Session Details'). */
  session: (id: string) => `/sessions/${seg(id)}`,
  /** The same page with a trailing slash is the session's 'Overview' (SPEC §2). */
  sessionOverview: (id: string) => `/sessions/${seg(id)}/`,
  sessionResults: (id: string) => `/sessions/${seg(id)}/results`,
  sessionResult: (id: string, resultID: string) => `/sessions/${seg(id)}/results/${seg(resultID)}`,
  sessionResultComponent: (id: string, resultID: string, componentID: string) => `/sessions/${seg(id)}/result/${seg(resultID)}/components/${seg(componentID)}`,
  sessionQuestionnaires: (id: string) => `/sessions/${seg(id)}/questionnaires`,
  sessionQuestionnaire: (id: string, questionnaireID: string) => `/sessions/${seg(id)}/questionnaires/${seg(questionnaireID)}`,
  sessionNotes: (id: string) => `/sessions/${seg(id)}/notes`,
  sessionReports: (id: string) => `/sessions/${seg(id)}/reports`,
  sessionAskAi: (id: string) => `/sessions/${seg(id)}/ask-ai`,
  journals: () => routes.journals,
  /** Write in a journal ('Write in Journal'). */
  journalWrite: (id: string) => `/journals/${seg(id)}`,
  /** The same page with a trailing slash edits it ('Edit Journal'). */
  journalEdit: (id: string) => `/journals/${seg(id)}/`,
  course: () => routes.course,
  courses: () => routes.courses,
  kits: () => routes.kits,
  settings: () => routes.settings,
  summary: () => routes.summary,
  transactions: () => routes.transactions,
  warehousing: () => routes.warehousing,
  discountCodes: () => routes.discountCodes,
  confirmInvite: (token?: string) => (token ? `${routes.confirmInvite}?token=${seg(token)}` : routes.confirmInvite),
} as const;

/** Legal documents as PDFs, served without sign-in by the API. */
export function legalPdfUrl(slug: 'privacy-policy' | 'terms-and-conditions' | 'portal-terms-and-conditions'): string {
  return endpointUrl(ENTRY_ADDRESSES.legalDocument, { params: { file: `${slug}.pdf` } });
}
