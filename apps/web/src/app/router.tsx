import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes } from '../config/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './routes/route-error';

/** React.lazy for a named export: every page and shell is its own chunk, out of the entry bundle. */
function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const PublicLayout = lazyNamed(() => import('./layouts/public-layout'), 'PublicLayout');
const ProtectedLayout = lazyNamed(() => import('./layouts/app-layout'), 'ProtectedLayout');
const SessionLayout = lazyNamed(() => import('./layouts/session-layout'), 'SessionLayout');

const HomePage = lazyNamed(() => import('./routes/home'), 'HomePage');
const PrivacyPolicyPage = lazyNamed(() => import('./routes/legal'), 'PrivacyPolicyPage');
const TermsAndConditionsPage = lazyNamed(() => import('./routes/legal'), 'TermsAndConditionsPage');
const PortalTermsAndConditionsPage = lazyNamed(() => import('./routes/legal'), 'PortalTermsAndConditionsPage');
const NotFoundPage = lazyNamed(() => import('./routes/not-found'), 'NotFoundPage');
const AttributionsPage = lazyNamed(() => import('./routes/attributions'), 'AttributionsPage');

const OnboardingPage = lazyNamed(() => import('./routes/onboarding'), 'OnboardingPage');
const SessionsPage = lazyNamed(() => import('./routes/sessions'), 'SessionsPage');
const SessionPage = lazyNamed(() => import('./routes/session'), 'SessionPage');
const SessionResultsPage = lazyNamed(() => import('./routes/session-results'), 'SessionResultsPage');
const SessionResultPage = lazyNamed(() => import('./routes/session-result'), 'SessionResultPage');
const SessionQuestionnairesPage = lazyNamed(() => import('./routes/session-questionnaires'), 'SessionQuestionnairesPage');
const SessionNotesPage = lazyNamed(() => import('./routes/session-notes'), 'SessionNotesPage');
const SessionReportsPage = lazyNamed(() => import('./routes/session-reports'), 'SessionReportsPage');
const SessionAskAiPage = lazyNamed(() => import('./routes/session-ask-ai'), 'SessionAskAiPage');
const JournalsPage = lazyNamed(() => import('./routes/journals'), 'JournalsPage');
const JournalPage = lazyNamed(() => import('./routes/journal'), 'JournalPage');
const CoursePage = lazyNamed(() => import('./routes/course'), 'CoursePage');
const KitsPage = lazyNamed(() => import('./routes/kits'), 'KitsPage');
const SettingsPage = lazyNamed(() => import('./routes/settings'), 'SettingsPage');
const SummaryPage = lazyNamed(() => import('./routes/summary'), 'SummaryPage');
const TransactionsPage = lazyNamed(() => import('./routes/transactions'), 'TransactionsPage');
const WarehousingPage = lazyNamed(() => import('./routes/warehousing'), 'WarehousingPage');
const DiscountCodesPage = lazyNamed(() => import('./routes/discount-codes'), 'DiscountCodesPage');
const ConfirmInvitePage = lazyNamed(() => import('./routes/confirm-invite'), 'ConfirmInvitePage');

// Child paths are relative to '/sessions/:id'; React Router ignores a trailing slash when matching,
// so '/sessions/:id' and '/sessions/:id/' reach the same page, which tells them apart itself.
const sessionChildren: RouteObject[] = [
  { index: true, element: <SessionPage /> },
  { path: 'results', element: <SessionResultsPage /> },
  { path: 'results/:resultID', element: <SessionResultPage /> },
  { path: 'result/:resultID/components/:componentID', element: <SessionResultPage /> },
  { path: 'questionnaires', element: <SessionQuestionnairesPage /> },
  { path: 'questionnaires/:questionnaireID', element: <SessionQuestionnairesPage /> },
  { path: 'questionnarie/:questionnarieID', element: <SessionQuestionnairesPage /> },
  { path: 'notes', element: <SessionNotesPage /> },
  { path: 'reports', element: <SessionReportsPage /> },
  { path: 'ask-ai', element: <SessionAskAiPage /> },
];

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: routes.privacyPolicy, element: <PrivacyPolicyPage /> },
          { path: routes.termsAndConditions, element: <TermsAndConditionsPage /> },
          { path: routes.portalTermsAndConditions, element: <PortalTermsAndConditionsPage /> },
          { path: routes.attributions, element: <AttributionsPage /> },
        ],
      },
      {
        element: <ProtectedLayout />,
        children: [
          { path: routes.onboarding, element: <OnboardingPage /> },
          { path: routes.sessions, element: <SessionsPage /> },
          { path: routes.session, element: <SessionLayout />, children: sessionChildren },
          { path: routes.journals, element: <JournalsPage /> },
          { path: routes.journal, element: <JournalPage /> },
          { path: routes.courses, element: <CoursePage /> },
          { path: routes.course, element: <CoursePage /> },
          { path: routes.kits, element: <KitsPage /> },
          { path: routes.settings, element: <SettingsPage /> },
          { path: routes.summary, element: <SummaryPage /> },
          { path: routes.transactions, element: <TransactionsPage /> },
          { path: routes.warehousing, element: <WarehousingPage /> },
          { path: routes.discountCodes, element: <DiscountCodesPage /> },
          { path: routes.confirmInvite, element: <ConfirmInvitePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routeObjects);
}
