import { practitionerApi } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { termsKeys } from './keys';

export function acceptPortalTos() {
  return call(practitionerApi.acceptTos);
}

export function useAcceptPortalTos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPortalTos,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== termsKeys.all[0] }),
  });
}
