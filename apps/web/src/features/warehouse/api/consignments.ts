import { type Consignment } from '@portal/contract';
import { warehouseApi } from '@portal/contract/addresses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** Shipments of kits from the provider to this warehouse. */
export async function getConsignments(warehouseID: string, signal?: AbortSignal): Promise<Consignment[]> {
  return (await call(warehouseApi.consignments, { query: { warehouseID }, signal })).results;
}

export function useConsignments(warehouseID: string) {
  return useQuery(queryOptions({ queryKey: warehouseKeys.consignments(warehouseID), queryFn: ({ signal }) => getConsignments(warehouseID, signal) }));
}

export function receiveConsignment(id: string): Promise<Consignment> {
  return call(warehouseApi.receive, { params: { id } });
}

export function useReceiveConsignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveConsignment,
    // The stock figures and the kits of the warehouse change with it.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: ['kits'] })]),
  });
}
