import { type PracticeStock, type Warehouse } from '@portal/contract';
import { warehouseApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** The practice's warehouses, and the stock it holds in all (in them and in its stock from before). */
export function getWarehouses(signal?: AbortSignal): Promise<{ results: Warehouse[]; stock: PracticeStock }> {
  return call(warehouseApi.list, { signal });
}

export const warehousesQueryOptions = () => queryOptions({ queryKey: warehouseKeys.list(), queryFn: ({ signal }) => getWarehouses(signal) });

export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}
