import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** GET /legal/operator: who runs this installation (server OPERATOR_* settings). */
export interface OperatorDetails {
  company: string;
  address: string;
  register: string;
  vat_id: string;
  email: string;
  phone: string;
  representative: string;
}

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
