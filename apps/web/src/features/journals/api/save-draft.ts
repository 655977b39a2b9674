import type { JournalEntry } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT the draft text (autosave). */
export function saveDraft(sessionId: string, description: string): Promise<JournalEntry> {
  return apiRequest<JournalEntry>(`/portal/sessions/${encodeURIComponent(sessionId)}/journal`, { method: 'PUT', body: { description } });
}
