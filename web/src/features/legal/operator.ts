import { useQuery } from '@tanstack/react-query';
import type { OperatorView } from '@stickerbook/api';
import { api } from '../../api/client.ts';

/** GET /legal/operator: who runs this installation (server OPERATOR_* settings). */
export type OperatorDetails = OperatorView;

export function useOperator() {
  return useQuery({
    queryKey: ['legal', 'operator'],
    queryFn: ({ signal }) => api.get<OperatorDetails>('/legal/operator', { anonymous: true, signal }),
    staleTime: Infinity,
  });
}

/** The interpolation values the legal texts use ({{company}}, {{vatId}}, ...). */
export function operatorValues(operator: OperatorDetails): Record<string, string> {
  return {
    company: operator.company,
    address: operator.address,
    register: operator.register,
    vatId: operator.vat_id,
    email: operator.email,
    phone: operator.phone,
    representative: operator.representative,
  };
}
