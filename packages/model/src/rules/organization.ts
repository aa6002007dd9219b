import { ORGANIZATION_ROLES, ORGANIZATION_SIZES } from '../constants.ts';
import { phoneError, type PhoneError } from './contact.ts';

export interface OrganizationValues {
  name: string;
  size: string;
  contactName: string;
  phone: string;
  contactRole: string;
}

export type OrganizationError =
  | 'ORGANIZATION_NAME_REQUIRED'
  | 'ORGANIZATION_SIZE_REQUIRED'
  | 'ORGANIZATION_SIZE_INVALID'
  | 'CONTACT_NAME_REQUIRED'
  | 'CONTACT_ROLE_REQUIRED'
  | 'CONTACT_ROLE_INVALID'
  | PhoneError;

/** SPEC §5: the wizard's organization step requires name, size, contactName, phone and contactRole. */
export function organizationErrors(
  values: OrganizationValues,
): Partial<Record<keyof OrganizationValues, OrganizationError>> {
  const errors: Partial<Record<keyof OrganizationValues, OrganizationError>> = {};
  if (values.name.trim().length === 0) errors.name = 'ORGANIZATION_NAME_REQUIRED';
  if (values.size.length === 0) errors.size = 'ORGANIZATION_SIZE_REQUIRED';
  else if (!(ORGANIZATION_SIZES as readonly string[]).includes(values.size))
    errors.size = 'ORGANIZATION_SIZE_INVALID';
  if (values.contactName.trim().length === 0) errors.contactName = 'CONTACT_NAME_REQUIRED';
  const phone = phoneError(values.phone, { required: true });
  if (phone) errors.phone = phone;
  if (values.contactRole.length === 0) errors.contactRole = 'CONTACT_ROLE_REQUIRED';
  else if (!(ORGANIZATION_ROLES as readonly string[]).includes(values.contactRole)) {
    errors.contactRole = 'CONTACT_ROLE_INVALID';
  }
  return errors;
}
