import { MESSAGES, errorText } from '@portal/contract';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoader } from '../../../components/page-loader';

/** A section whose data has not arrived: the loader while it loads, LoadFailed (what failed, Try again) once it failed. */
export function NotLoaded({ query, title }: { query: { isPending: boolean; error: Error | null; refetch: () => unknown }; title: string }) {
  if (query.isPending) return <PageLoader />;
  return <LoadFailed title={title} message={errorText(query.error, MESSAGES.commonError)} onRetry={() => void query.refetch()} />;
}
