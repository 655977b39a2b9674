export type TermsKind = 'account' | 'portal';

export const termsKeys = {
  all: ['terms'] as const,
  latest: (kind: TermsKind) => [...termsKeys.all, kind, 'latest'] as const,
  document: (uri: string) => [...termsKeys.all, 'document', uri] as const,
};
