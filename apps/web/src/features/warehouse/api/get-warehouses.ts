import { warehouseApi, type Warehouse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export async function getWarehouses(signal?: AbortSignal): Promise<Warehouse[]> {
  return (await call(warehouseApi.list, { signal })).results;
}

export const warehousesQueryOptions = () => queryOptions({ queryKey: warehouseKeys.list(), queryFn: ({ signal }) => getWarehouses(signal) });

export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}
