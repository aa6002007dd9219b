import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { orderQueryKeys } from '../queries.ts';
import type { InvoiceStatus } from '../types.ts';

/** An issued invoice or credit note (GET /orders/{id}/documents); `pdf_url` is a signed link for a new tab. */
export interface InvoiceDocument {
  id: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  status: InvoiceStatus;
  gross_amount: number;
  currency: string;
  pdf_url: string;
  hosted_invoice_url: string | null;
  issued_at: string;
}

export interface OrderDocuments {
  invoice: InvoiceDocument | null;
  credit_note: InvoiceDocument | null;
  /** Every invoice and credit note of the order, oldest first. */
  history?: InvoiceDocument[];
  delivery_note_url: string;
}

const path = (id: string) => encodeURIComponent(id);
const documentsKey = (orderId: string) => ['orders', 'documents', orderId] as const;
/** The signed links last ten minutes; fetching again well before keeps the buttons working. */
const LINK_REFRESH_MS = 5 * 60_000;

export const useOrderDocuments = (orderId: string) =>
  useQuery({
    queryKey: documentsKey(orderId),
    queryFn: () => api.get<OrderDocuments>(`/orders/${path(orderId)}/documents`),
    refetchInterval: LINK_REFRESH_MS,
  });

/** Issuing changes the order (its invoice field and timeline): both are fetched again. */
function useDocumentAction(orderId: string, file: 'invoice' | 'credit_note' | 'transfer') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`/orders/${path(orderId)}/${file}`),
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
  const json = await api.get<unknown>(`/orders/${path(orderId)}/esveco_json`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The print partner artifact of the order (GET /orders/{id}/esveco_artifact). */
export interface ArtifactState {
  state: 'none' | 'working' | 'finished' | 'error';
  progress: number;
  blob_url: string | null;
  byte_size: number | null;
  sha256: string | null;
  error: string | null;
}

const artifactKey = (orderId: string) => ['orders', 'artifact', orderId] as const;
const EXPORT_POLL_MS = 1_000;

/** Polled every second while an export runs, so the progress bar moves. */
export const useArtifact = (orderId: string) =>
  useQuery({
    queryKey: artifactKey(orderId),
    queryFn: () => api.get<ArtifactState>(`/orders/${path(orderId)}/esveco_artifact`),
    refetchInterval: (query) => (query.state.data?.state === 'working' ? EXPORT_POLL_MS : false),
  });

export function useStartArtifactExport(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ArtifactState>(`/orders/${path(orderId)}/esveco_artifact`),
    onSuccess: (state) => {
      client.setQueryData(artifactKey(orderId), state);
      void client.invalidateQueries({ queryKey: orderQueryKeys.one(orderId) });
    },
  });
}
