import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../ui/full-page-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { NotFoundPage } from '../not-found/not-found-page';
import { adminAccessQuery } from './api';

/** /admin/*: the instance admins' pages. Everyone else gets the not-found page, as the API answers them 404. */
export function AdminRoute() {
  const access = useQuery(adminAccessQuery());
  if (access.isPending) return <FullPageLoader />;
  if (access.isError) {
    return (
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <RetryPanel
          message="This page could not be loaded."
          onRetry={() => void access.refetch()}
          retrying={access.isFetching}
        />
      </main>
    );
  }
  return access.data ? <Outlet /> : <NotFoundPage />;
}
