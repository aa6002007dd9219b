import type {
  ArtifactStateView,
  EsvecoJsonView,
  IssuedCreditNoteView,
  IssuedInvoiceView,
  OrderDocumentsView,
  OrderTransferView,
} from '@stickerbook/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { orderQueryKeys } from '../queries.ts';

/** What each document action answers. */
interface DocumentActionAnswers {
  invoice: IssuedInvoiceView;
  credit_note: IssuedCreditNoteView;
  transfer: OrderTransferView;
}

const path = (id: string) => encodeURIComponent(id);
const documentsKey = (orderId: string) => ['orders', 'documents', orderId] as const;
/** The signed links last ten minutes; fetching again well before keeps the buttons working. */
const LINK_REFRESH_MS = 5 * 60_000;

export const useOrderDocuments = (orderId: string) =>
  useQuery({
    queryKey: documentsKey(orderId),
    queryFn: () => api.get<OrderDocumentsView>(`/orders/${path(orderId)}/documents`),
    refetchInterval: LINK_REFRESH_MS,
  });

/** Issuing changes the order (its invoice field and timeline): both are fetched again. */
function useDocumentAction<Action extends keyof DocumentActionAnswers>(orderId: string, action: Action) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DocumentActionAnswers[Action]>(`/orders/${path(orderId)}/${action}`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: documentsKey(orderId) });
      void client.invalidateQueries({ queryKey: orderQueryKeys.one(orderId) });
    },
  });
}

export const useCreateInvoice = (orderId: string) => useDocumentAction(orderId, 'invoice');
export const useCreateCreditNote = (orderId: string) => useDocumentAction(orderId, 'credit_note');
export const useTransferOrder = (orderId: string) => useDocumentAction(orderId, 'transfer');

/** The print partner JSON, saved as a file (the request needs the bearer token, so no plain link). */
export async function downloadOrderJson(orderId: string, fileName: string): Promise<void> {
  const json = await api.get<EsvecoJsonView>(`/orders/${path(orderId)}/esveco_json`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const artifactKey = (orderId: string) => ['orders', 'artifact', orderId] as const;
const EXPORT_POLL_MS = 1_000;

/** Polled every second while an export runs, so the progress bar moves. */
export const useArtifact = (orderId: string) =>
  useQuery({
    queryKey: artifactKey(orderId),
    queryFn: () => api.get<ArtifactStateView>(`/orders/${path(orderId)}/esveco_artifact`),
    refetchInterval: (query) => (query.state.data?.state === 'working' ? EXPORT_POLL_MS : false),
  });

export function useStartArtifactExport(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ArtifactStateView>(`/orders/${path(orderId)}/esveco_artifact`),
    onSuccess: (state) => {
      client.setQueryData(artifactKey(orderId), state);
      void client.invalidateQueries({ queryKey: orderQueryKeys.one(orderId) });
    },
  });
}
