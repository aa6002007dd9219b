/** The operator of this installation, for the imprint, terms, customer information and privacy pages. */
import { z } from 'zod';

/** GET /legal/operator: the OPERATOR_* settings. */
export const operatorSchema = z.object({
  company: z.string(),
  address: z.string(),
  register: z.string(),
  vat_id: z.string(),
  email: z.string(),
  phone: z.string(),
  representative: z.string(),
});

export type OperatorView = z.infer<typeof operatorSchema>;
