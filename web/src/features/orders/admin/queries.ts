import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { orderQueryKeys } from '../queries.ts';
import type { Address, Order } from '../types.ts';

/** SPEC §3 Order comment: staff notes on an order. */
export interface OrderComment {
  id: string;
  order_id: string;
  content: string;
  completed: boolean;
  email: string;
  created_at: string;
}

export interface StaffSignal {
  title: string;
  human_title: string;
}

const path = (id: string) => encodeURIComponent(id);
const commentsKey = (orderId: string) => ['orders', 'comments', orderId] as const;

/** Every admin edit answers the whole order; it replaces the cached one and the dashboard lists are stale. */
function useOrderEdit<Input>(orderId: string, request: (input: Input) => Promise<{ order: Order }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ order }) => {
      client.setQueryData(orderQueryKeys.one(orderId), { order });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export interface NewOrderUpdate {
  signal: string;
  message?: string;
  metadata?: { tracking_code: string };
  trigger_email?: boolean;
  /** Add it although it is out of SPEC §4's order: the admin confirmed the reason of the 409. */
  confirm?: boolean;
}

export const useAddOrderUpdate = (orderId: string) =>
  useOrderEdit(orderId, (body: NewOrderUpdate) =>
    api.post<{ order: Order }>(`/orders/${path(orderId)}/order_updates`, body),
  );

export const useUpdateOrderDetails = (orderId: string) =>
  useOrderEdit(orderId, (body: DetailsChange) =>
    api.patch<{ order: Order }>(`/orders/${path(orderId)}`, body),
  );

export interface DetailsChange {
  email: string;
  phone: string | null;
  comment: string | null;
  /** Only while no invoice stands (409 ORDER_INVOICED otherwise): sent only when changed. */
  buyer_vat_id?: string | null;
  buyer_reference?: string | null;
  /** Staff's agreed total in minor units; sent only when changed (frozen while an invoice stands). */
  amount_gross?: number;
}

export type AddressChange = Omit<Address, 'id'>;
export const useUpdateAddress = (orderId: string, addressId: string) =>
  useOrderEdit(orderId, (body: AddressChange) =>
    api.patch<{ order: Order }>(`/addresses/${path(addressId)}`, body),
  );

export interface LineItemChange {
  product?: string;
  description?: string;
  quantity?: number;
}
export const useUpdateLineItem = (orderId: string) =>
  useOrderEdit(orderId, ({ id, ...body }: LineItemChange & { id: string }) =>
    api.patch<{ order: Order }>(`/line_items/${path(id)}`, body),
  );
export const useAddLineItem = (orderId: string) =>
  useOrderEdit(orderId, (body: Required<Pick<LineItemChange, 'product' | 'quantity'>> & LineItemChange) =>
    api.post<{ order: Order }>(`/orders/${path(orderId)}/line_items`, body),
  );
export const useDeleteLineItem = (orderId: string) =>
  useOrderEdit(orderId, (id: string) => api.delete<{ order: Order }>(`/line_items/${path(id)}`));

export function useDeleteOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(`/orders/${path(orderId)}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: orderQueryKeys.one(orderId) });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      void client.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}

/** GET /order_signals: the signals staff may add, with their titles in the UI language. */
export function useStaffSignals() {
  return useQuery({
    queryKey: ['order-signals'],
    queryFn: ({ signal }) => api.get<{ order_signals: StaffSignal[] }>('/order_signals', { signal }),
    select: (answer) => answer.order_signals,
    staleTime: Infinity,
  });
}

export function useOrderComments(orderId: string) {
  return useQuery({
    queryKey: commentsKey(orderId),
    queryFn: ({ signal }) =>
      api.get<{ comments: OrderComment[] }>(`/orders/${path(orderId)}/comments`, { signal }),
    select: (answer) => answer.comments,
  });
}

function useCommentEdit<Input>(orderId: string, request: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: commentsKey(orderId) }),
  });
}

export const useCreateComment = (orderId: string) =>
  useCommentEdit(orderId, (content: string) => api.post(`/orders/${path(orderId)}/comments`, { content }));
/** The completed toggle answers at once; the list is read again when the server has answered. */
export function useUpdateComment(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; content?: string; completed?: boolean }) =>
      api.patch(`/orders/${path(orderId)}/comments/${path(id)}`, body),
    onMutate: async ({ id, ...change }) => {
      // A reload still under way (e.g. after a new comment) would otherwise undo the toggle on screen.
      await client.cancelQueries({ queryKey: commentsKey(orderId) });
      const before = client.getQueryData<{ comments: OrderComment[] }>(commentsKey(orderId));
      if (before) {
        client.setQueryData(commentsKey(orderId), {
          comments: before.comments.map((comment) =>
            comment.id === id ? { ...comment, ...change } : comment,
          ),
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(commentsKey(orderId), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: commentsKey(orderId) }),
  });
}
export const useDeleteComment = (orderId: string) =>
  useCommentEdit(orderId, (id: string) => api.delete(`/orders/${path(orderId)}/comments/${path(id)}`));
