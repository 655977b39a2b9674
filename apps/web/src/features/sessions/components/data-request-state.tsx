import { Text } from '@mantine/core';
import type { DataRequest } from '@portal/contract';

import { sessionsText } from '../messages';

/** Where the data request stands, in words: none, waiting for the patient, confirmed or declined. */
export function dataRequestLabel(dataRequest: Pick<DataRequest, 'status'> | null): string {
  return dataRequest ? sessionsText(`sessions.dataRequest.${dataRequest.status}`) : sessionsText('sessions.dataRequest.none');
}

export function DataRequestState({ dataRequest }: { dataRequest: Pick<DataRequest, 'status'> | null }) {
  return (
    <Text size="sm" c={dataRequest?.status === 'confirmed' ? 'dark.7' : 'gray.7'}>
      {dataRequestLabel(dataRequest)}
    </Text>
  );
}
