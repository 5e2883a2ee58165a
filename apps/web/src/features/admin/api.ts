import { AdminAccess } from '@deckhand/contract/admin';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiData } from '../../lib/api';

/** Whether the signed-in person administers this instance: the API answers 404 to everyone else. */
export const adminAccessQuery = () =>
  queryOptions({
    queryKey: ['admin', 'access'],
    queryFn: async () => {
      try {
        await apiData(AdminAccess, 'admin/access');
        return true;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return false;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
