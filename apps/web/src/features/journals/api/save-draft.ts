import { journalsApi } from '@portal/contract/addresses';
import { call } from '../../../lib/api-client';

/** PUT the draft text (autosave). */
export function saveDraft(sessionId: string, description: string) {
  return call(journalsApi.saveDraft, { params: { id: sessionId }, body: { description } });
}
