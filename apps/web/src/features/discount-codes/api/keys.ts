import type { DiscountCodeState } from '@portal/contract';

export interface DiscountCodeQuery {
  search?: string;
  state?: DiscountCodeState;
  limit: number;
  offset: number;
}

export const discountKeys = {
  all: ['discount-codes'] as const,
  lists: () => [...discountKeys.all, 'list'] as const,
  list: (q: DiscountCodeQuery) => [...discountKeys.lists(), q] as const,
};
