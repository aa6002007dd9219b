import { MARKETING_PARAMS } from '@stickerbook/model';
import {
  CONTACT_ROLES,
  ORGANIZATION_SIZES,
  type ContactRole,
  type OrganizationInput,
  type OrganizationSize,
} from '../../api/types.ts';

/** SPEC §2/§4: blueprints, then data (business templates without an organization only), then confirm. */
export type WizardStep = 'blueprints' | 'data' | 'confirm';

export interface OrganizationDraft {
  name: string;
  size: OrganizationSize | '';
  contactName: string;
  phone: string;
  contactRole: ContactRole | '';
}

export interface WizardState {
  blueprintId: string | null;
  blueprintCategory: string | null;
  blueprintTitle: string | null;
  organization: OrganizationDraft;
  title: string;
  releaseDate: string;
}

export const emptyOrganization: OrganizationDraft = {
  name: '',
  size: '',
  contactName: '',
  phone: '',
  contactRole: '',
};

export const emptyWizardState: WizardState = {
  blueprintId: null,
  blueprintCategory: null,
  blueprintTitle: null,
  organization: emptyOrganization,
  title: '',
  releaseDate: '',
};

export function needsDataStep(blueprintCategory: string | null, organizationCount: number): boolean {
  return blueprintCategory === 'business' && organizationCount === 0;
}

export function wizardSteps(dataStep: boolean): WizardStep[] {
  return dataStep ? ['blueprints', 'data', 'confirm'] : ['blueprints', 'confirm'];
}

/** Anything typed after choosing a template counts: switching the template would throw it away. */
export function hasUnsavedChanges(state: WizardState): boolean {
  if (!state.blueprintId) return false;
  const organizationTouched = Object.values(state.organization).some((value) => value !== '');
  return organizationTouched || state.title.trim() !== '' || state.releaseDate !== '';
}

export type OrganizationErrors = Partial<Record<keyof OrganizationDraft, 'required' | 'invalid'>>;

/** SPEC §5: the wizard's organization needs name, size, contactName, phone and contactRole. */
export function organizationErrors(draft: OrganizationDraft): OrganizationErrors {
  const errors: OrganizationErrors = {};
  if (!draft.name.trim()) errors.name = 'required';
  if (!draft.contactName.trim()) errors.contactName = 'required';
  if (!draft.phone.trim()) errors.phone = 'required';
  else if (!/^\+?[\d\s/()-]{4,30}$/.test(draft.phone.trim())) errors.phone = 'invalid';
  if (!(ORGANIZATION_SIZES as readonly string[]).includes(draft.size)) errors.size = 'required';
  if (!(CONTACT_ROLES as readonly string[]).includes(draft.contactRole)) errors.contactRole = 'required';
  return errors;
}

export function toOrganization(draft: OrganizationDraft): OrganizationInput | null {
  if (Object.keys(organizationErrors(draft)).length) return null;
  return {
    name: draft.name.trim(),
    size: draft.size as OrganizationSize,
    contactName: draft.contactName.trim(),
    phone: draft.phone.trim(),
    contactRole: draft.contactRole as ContactRole,
  };
}

/** SPEC §9: organizations above 200 people get the expert call, smaller ones the info call. */
const LARGE_ORGANIZATION_THRESHOLD = 200;

export function isLargeOrganization(size: OrganizationSize | ''): boolean {
  if (!size) return false;
  const lowerBound = Number.parseInt(size, 10);
  return lowerBound > LARGE_ORGANIZATION_THRESHOLD;
}

/** Marketing parameters of SPEC §7 that travel from the landing page into analytics_metadata. */
const ANALYTICS_PARAMS = MARKETING_PARAMS;

export function analyticsMetadataFrom(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(
    ANALYTICS_PARAMS.filter((key) => params.has(key)).map((key) => [key, params.get(key) ?? '']),
  );
}
