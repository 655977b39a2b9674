import type { Warehouse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export async function getWarehouses(signal?: AbortSignal): Promise<Warehouse[]> {
  return (await apiRequest<{ results: Warehouse[] }>('/portal/me/warehouses/', { signal })).results;
}

export const warehousesQueryOptions = () => queryOptions({ queryKey: warehouseKeys.list(), queryFn: ({ signal }) => getWarehouses(signal) });

export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}
