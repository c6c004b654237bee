import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataExportAcceptedResponseSchema, DataExportResponseSchema } from '../../../contract/data-export';
import { api } from '../../lib/api';

export const dataExportQueryKeys = { mine: ['user', 'export'] as const };

/** GET /api/user/export: the newest export; polled every 5 s while it is being made. */
export const myDataExportQueryOptions = () =>
  queryOptions({
    queryKey: dataExportQueryKeys.mine,
    queryFn: async ({ signal }) => (await api.get('/api/user/export', DataExportResponseSchema, signal)).data,
    refetchInterval: (query) =>
      query.state.data && ['pending', 'building'].includes(query.state.data.status) ? 5_000 : false,
  });
export const useMyDataExport = () => useQuery(myDataExportQueryOptions());

/** POST /api/user/export (202; the link comes by mail, and shows here while it is valid). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post('/api/user/export', {}, DataExportAcceptedResponseSchema)).data,
    onSuccess: (data) => queryClient.setQueryData(dataExportQueryKeys.mine, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportQueryKeys.mine }),
  });
}
