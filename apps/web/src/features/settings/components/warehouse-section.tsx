import { Button, Stack, Text } from '@mantine/core';
import type { PractitionerMe } from '@portal/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { settingsText } from '../messages';

/** The consignment warehouse lives on its own page; Settings says whether there is one and leads there. */
export function WarehouseSection({ practitioner }: { practitioner: PractitionerMe }) {
  return (
    <Stack gap="sm" maw={720}>
      <Text>{practitioner.warehouseID ? settingsText('settings.warehouse.registered') : settingsText('settings.warehouse.text')}</Text>
      <div>
        <Button component={Link} to={paths.warehousing()} variant="light">
          {settingsText('settings.warehouse.open')}
        </Button>
      </div>
    </Stack>
  );
}
