import { AttributionsView } from '../../features/reports/components/attributions-view';

export function AttributionsPage() {
  return <AttributionsView />;
}
