import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminAccountResponseSchema,
  AdminAccountsResponseSchema,
  type ComplaintFile,
  ComplaintReceiptResponseSchema,
  ComplaintRegisterResponseSchema,
  MyComplaintsResponseSchema,
  RegisterComplaintResponseSchema,
} from '../../../contract/complaints';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';
import { amsterdamDay } from '../../../contract/rules/dutch-date';

export const complaintQueryKeys = {
  mine: ['complaints', 'mine'] as const,
  register: ['admin', 'complaints'] as const,
  admins: ['admin', 'admins'] as const,
};

export const myComplaintsQueryOptions = () =>
  queryOptions({
    queryKey: complaintQueryKeys.mine,
    queryFn: ({ signal }) => api.get('/api/complaints/mine', MyComplaintsResponseSchema, signal),
  });
export const useMyComplaints = () => useQuery(myComplaintsQueryOptions());

/** POST /api/complaints: JSON without documents, multipart (`text`, then each `file`) with them. */
export function useFileComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, files = [] }: { text: string; files?: File[] }) => {
      if (files.length === 0) return (await api.post('/api/complaints', { text }, ComplaintReceiptResponseSchema)).data;
      const form = new FormData();
      form.append('text', text);
      for (const file of files) form.append('file', file, file.name);
      return (
        await api.request('/api/complaints', { method: 'POST', body: form, schema: ComplaintReceiptResponseSchema })
      ).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintQueryKeys.mine }),
  });
}

export const registerQueryOptions = () =>
  queryOptions({
    queryKey: complaintQueryKeys.register,
    queryFn: async ({ signal }) =>
      (await api.get('/api/admin/complaints', ComplaintRegisterResponseSchema, signal)).data,
  });
export const useComplaintRegister = (enabled: boolean) => useQuery({ ...registerQueryOptions(), enabled });

/** POST /api/admin/complaints/{id}/handling or /outcome. */
export function useComplaintStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; step: 'handling' | 'outcome'; text: string }) =>
      (
        await api.post(
          `/api/admin/complaints/${input.id}/${input.step}`,
          input.step === 'handling' ? { handling: input.text } : { outcome: input.text },
          RegisterComplaintResponseSchema,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintQueryKeys.register }),
  });
}

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: complaintQueryKeys.admins,
    queryFn: async ({ signal }) => (await api.get('/api/admin/admins', AdminAccountsResponseSchema, signal)).data,
  });
export const useAdmins = () => useQuery(adminsQueryOptions());

/** POST /api/admin/admins/{id}/complaints-officer. */
export function useSetComplaintsOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; officer: boolean }) =>
      (
        await api.post(
          `/api/admin/admins/${input.id}/complaints-officer`,
          { complaints_officer: input.officer },
          AdminAccountResponseSchema,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET /api/admin/complaints.csv, saved as klachtenregister-YYYY-MM-DD.csv. Throws on failure. */
export async function downloadComplaintRegister(): Promise<void> {
  await downloadFromApi('/api/admin/complaints.csv', `klachtenregister-${amsterdamDay(new Date())}.csv`);
}

/** POST /api/complaint-files/{id}/download: a complaint's document, saved under its file name. Throws on failure. */
export async function downloadComplaintFile(file: ComplaintFile): Promise<void> {
  await downloadFromApi(`/api/complaint-files/${encodeURIComponent(file.id)}/download`, file.filename, {
    method: 'POST',
  });
}
