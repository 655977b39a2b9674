import { IdParams, pageOf } from '../common';
import { defineEndpoint } from '../endpoint';
import { JournalDetail, JournalDraftBody, JournalEntry, JournalListItem, JournalListQuery, JournalTextBody, SessionJournal } from '../journals';

const tags = ['journals'];
const sessionJournal = '/api/portal/sessions/:id/journal';

/** A session's journal, and every journal entry across sessions. */
export const journalsApi = {
  sessionJournal: defineEndpoint({
    method: 'GET',
    path: sessionJournal,
    tags,
    summary: "The session's journal entry and addenda",
    params: IdParams,
    responses: { 200: SessionJournal },
  }),
  saveDraft: defineEndpoint({
    method: 'PUT',
    path: sessionJournal,
    tags,
    summary: 'Save the draft (Saved); refused once submitted',
    params: IdParams,
    body: JournalDraftBody,
    responses: { 200: JournalEntry },
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: `${sessionJournal}/submit`,
    tags,
    summary: 'Submit to the patient: the entry is Submitted and the session completed, together',
    params: IdParams,
    body: JournalTextBody,
    responses: { 200: SessionJournal },
  }),
  addAddendum: defineEndpoint({
    method: 'POST',
    path: `${sessionJournal}/addenda`,
    tags,
    summary: 'Add a dated addendum after submission',
    params: IdParams,
    body: JournalTextBody,
    responses: { 201: SessionJournal },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/portal/journals/',
    tags,
    summary: 'Journal entries across sessions, filtered by status, searched, paged',
    query: JournalListQuery,
    responses: { 200: pageOf(JournalListItem) },
  }),
  entry: defineEndpoint({
    method: 'GET',
    path: '/api/portal/journals/:id',
    tags,
    summary: 'One journal entry with its session and addenda',
    params: IdParams,
    responses: { 200: JournalDetail },
  }),
  updateEntry: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/journals/:id',
    tags,
    summary: 'Edit a draft entry',
    params: IdParams,
    body: JournalDraftBody,
    responses: { 200: JournalDetail },
  }),
};
