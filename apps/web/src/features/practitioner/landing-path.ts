import { PractitionerStatus, type PractitionerMe } from '@portal/contract';
import { paths } from '../../config/paths';

/** SPEC §4: an accepted practitioner lands on Summary, any other status on Course, no profile on Onboarding. */
export function landingPath(practitioner: Pick<PractitionerMe, 'status'> | null | undefined): string {
  if (!practitioner) return paths.onboarding();
  return practitioner.status === PractitionerStatus.ACCEPTED ? paths.summary() : paths.course();
}

export function isAccepted(practitioner: Pick<PractitionerMe, 'status'> | null | undefined): boolean {
  return practitioner?.status === PractitionerStatus.ACCEPTED;
}
