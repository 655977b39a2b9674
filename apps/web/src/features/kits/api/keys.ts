import type { KitStatus } from '@portal/contract';

/** The kits list's query (KitListQuery's fields, limit and offset as numbers). */
export interface KitQuery {
  search?: string;
  status?: KitStatus;
  warehouseID?: string;
  limit: number;
  offset: number;
}

export const kitKeys = {
  all: ['kits'] as const,
  lists: () => [...kitKeys.all, 'list'] as const,
  list: (q: KitQuery) => [...kitKeys.lists(), q] as const,
  assignableSessions: (search: string) => [...kitKeys.all, 'assignable-sessions', search] as const,
};
