import type {
  AddressChangeBody,
  LineItemChangeBody,
  NewLineItemBody,
  NewOrderCommentBody,
  NewOrderUpdateBody,
  OrderCommentChangeBody,
  OrderCommentListView,
  OrderCommentResponseView,
  OrderDetailsChangeBody,
  OrderResponseView,
  StaffSignalListView,
} from '@stickerbook/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { orderQueryKeys } from '../queries.ts';

const path = (id: string) => encodeURIComponent(id);
const commentsKey = (orderId: string) => ['orders', 'comments', orderId] as const;

/** Every admin edit answers the whole order; it replaces the cached one and the dashboard lists are stale. */
function useOrderEdit<Input>(orderId: string, request: (input: Input) => Promise<OrderResponseView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ order }) => {
      client.setQueryData(orderQueryKeys.one(orderId), { order });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useAddOrderUpdate = (orderId: string) =>
  useOrderEdit(orderId, (body: NewOrderUpdateBody) =>
    api.post<OrderResponseView>(`/orders/${path(orderId)}/order_updates`, body),
  );

export const useUpdateOrderDetails = (orderId: string) =>
  useOrderEdit(orderId, (body: OrderDetailsChangeBody) =>
    api.patch<OrderResponseView>(`/orders/${path(orderId)}`, body),
  );

export const useUpdateAddress = (orderId: string, addressId: string) =>
  useOrderEdit(orderId, (body: AddressChangeBody) =>
    api.patch<OrderResponseView>(`/addresses/${path(addressId)}`, body),
  );

export const useUpdateLineItem = (orderId: string) =>
  useOrderEdit(orderId, ({ id, ...body }: LineItemChangeBody & { id: string }) =>
    api.patch<OrderResponseView>(`/line_items/${path(id)}`, body),
  );
export const useAddLineItem = (orderId: string) =>
  useOrderEdit(orderId, (body: NewLineItemBody) =>
    api.post<OrderResponseView>(`/orders/${path(orderId)}/line_items`, body),
  );
export const useDeleteLineItem = (orderId: string) =>
  useOrderEdit(orderId, (id: string) => api.delete<OrderResponseView>(`/line_items/${path(id)}`));

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
    queryFn: ({ signal }) => api.get<StaffSignalListView>('/order_signals', { signal }),
    select: (answer) => answer.order_signals,
    staleTime: Infinity,
  });
}

export function useOrderComments(orderId: string) {
  return useQuery({
    queryKey: commentsKey(orderId),
    queryFn: ({ signal }) => api.get<OrderCommentListView>(`/orders/${path(orderId)}/comments`, { signal }),
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
  useCommentEdit(orderId, (content: string) =>
    api.post<OrderCommentResponseView>(`/orders/${path(orderId)}/comments`, {
      content,
    } satisfies NewOrderCommentBody),
  );
/** The completed toggle answers at once; the list is read again when the server has answered. */
export function useUpdateComment(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: OrderCommentChangeBody & { id: string }) =>
      api.patch<OrderCommentResponseView>(`/orders/${path(orderId)}/comments/${path(id)}`, body),
    onMutate: async ({ id, ...change }) => {
      // A reload still under way (e.g. after a new comment) would otherwise undo the toggle on screen.
      await client.cancelQueries({ queryKey: commentsKey(orderId) });
      const before = client.getQueryData<OrderCommentListView>(commentsKey(orderId));
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
