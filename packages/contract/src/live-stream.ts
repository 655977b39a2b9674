// The live stream's words without its schema (no zod): the portal's signed-in layout reads them on
// its first load, the event check (live.ts) only once the stream is open (issue 35).

/**
 * What the live stream (GET /api/portal/events, server-sent events) announces: a kind and the
 * session it concerns, never patient data. The portal reads again only the queries the kind names.
 *
 * - `session`: a request arrived, or a session's status or booking time changed (lists, counts, the session)
 * - `dataRequest`: a data request was made, confirmed or declined (the session and its patient data)
 * - `kit`: a kit's status, holder or warehouse changed, or its results were computed (kits; the session)
 * - `report`: a pharmacogenomic report was built or rebuilt (the session's reports)
 * - `resync`: the server may have missed events (its database connection came back): read everything live again
 */
export const LIVE_EVENT_KINDS = ['session', 'dataRequest', 'kit', 'report', 'resync'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * Why the server ended a stream (the `end` event). After the first three the sign-on session is over
 * and the portal does not reconnect (its next call to the API meets the ended session as any call
 * does); after 'reconnect' (the server is stopping, or could not check the session) it reconnects.
 */
export const LIVE_END_REASONS = ['signed out', 'session expired', 'deactivated', 'reconnect'] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

/** A comment line the server writes on an otherwise quiet stream, so proxies keep it open (no client request). */
export const LIVE_HEARTBEAT_MS = 25_000;
