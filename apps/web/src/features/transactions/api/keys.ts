import type { TransactionKind, TransactionPeriod, TransactionState } from '@portal/contract';

export interface TransactionFilters {
  kind?: TransactionKind;
  state?: TransactionState;
  from?: string;
  to?: string;
}

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (q: TransactionFilters & { limit: number; offset: number }) => [...transactionKeys.all, 'list', q] as const,
  totals: (q: TransactionFilters & { period: TransactionPeriod }) => [...transactionKeys.all, 'totals', q] as const,
};
