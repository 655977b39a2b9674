import { accountApi } from './account';
import { adminApi } from './admin';
import { askAiApi } from './ask-ai';
import { calendarApi } from './calendar';
import { courseApi } from './course';
import { discountCodesApi } from './discount-codes';
import { fhirApi } from './fhir';
import { journalsApi } from './journals';
import { kitAdminApi, kitsApi } from './kits';
import { legalApi } from './legal';
import { liveApi } from './live';
import { notificationsApi } from './notifications';
import { patientApi } from './patient';
import { pgxAdminApi, pgxApi } from './pharmacogenomics';
import { practiceApi, practitionerApi } from './practitioner';
import { sessionsApi } from './sessions';
import { ssoApi } from './sso';
import { systemApi } from './system';
import { transactionAdminApi, transactionsApi } from './transactions';
import { warehouseApi } from './warehouse';

export { ENTRY_ADDRESSES } from './addresses';
export {
  accountApi,
  adminApi,
  askAiApi,
  calendarApi,
  courseApi,
  discountCodesApi,
  fhirApi,
  journalsApi,
  kitAdminApi,
  kitsApi,
  legalApi,
  liveApi,
  notificationsApi,
  patientApi,
  pgxAdminApi,
  pgxApi,
  practiceApi,
  practitionerApi,
  sessionsApi,
  ssoApi,
  systemApi,
  transactionAdminApi,
  transactionsApi,
  warehouseApi,
};
export { Questionnaire, ResultRef } from './sessions';

/** Every endpoint the contract describes, by module: the server's route inventory test walks it. */
export const API = {
  account: accountApi,
  admin: adminApi,
  askAi: askAiApi,
  calendar: calendarApi,
  course: courseApi,
  discountCodes: discountCodesApi,
  fhir: fhirApi,
  journals: journalsApi,
  kitAdmin: kitAdminApi,
  kits: kitsApi,
  legal: legalApi,
  live: liveApi,
  notifications: notificationsApi,
  patient: patientApi,
  pgx: pgxApi,
  pgxAdmin: pgxAdminApi,
  practice: practiceApi,
  practitioner: practitionerApi,
  sessions: sessionsApi,
  sso: ssoApi,
  system: systemApi,
  transactionAdmin: transactionAdminApi,
  transactions: transactionsApi,
  warehouse: warehouseApi,
};
