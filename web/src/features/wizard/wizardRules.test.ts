import { describe, expect, it } from 'vitest';
import {
  analyticsMetadataFrom,
  emptyWizardState,
  hasUnsavedChanges,
  isLargeOrganization,
  needsDataStep,
  organizationErrors,
  wizardSteps,
} from './wizardRules.ts';

describe('wizard rules', () => {
  it('asks for organization data only for business templates without an organization', () => {
    expect(needsDataStep('business', 0)).toBe(true);
    expect(needsDataStep('business', 1)).toBe(false);
    expect(needsDataStep('wedding', 0)).toBe(false);
    expect(wizardSteps(true)).toEqual(['blueprints', 'data', 'confirm']);
    expect(wizardSteps(false)).toEqual(['blueprints', 'confirm']);
  });

  it('requires every organization field', () => {
    expect(organizationErrors(emptyWizardState.organization)).toEqual({
      name: 'required',
      size: 'required',
      contactName: 'required',
      phone: 'required',
      contactRole: 'required',
    });
    expect(
      organizationErrors({
        name: 'ACME',
        size: '151-200',
        contactName: 'Ann',
        phone: '+49 30 1234',
        contactRole: 'lead',
      }),
    ).toEqual({});
  });

  it('puts the expert-call threshold at 200 people', () => {
    expect(isLargeOrganization('151-200')).toBe(false);
    expect(isLargeOrganization('1-150')).toBe(false);
    expect(isLargeOrganization('201-1000')).toBe(true);
    expect(isLargeOrganization('1000+')).toBe(true);
  });

  it('counts typed data after choosing a template as unsaved changes', () => {
    expect(hasUnsavedChanges(emptyWizardState)).toBe(false);
    expect(hasUnsavedChanges({ ...emptyWizardState, blueprintId: 'b1' })).toBe(false);
    expect(hasUnsavedChanges({ ...emptyWizardState, blueprintId: 'b1', title: 'Our day' })).toBe(true);
  });

  it('keeps the marketing parameters of the query string', () => {
    expect(analyticsMetadataFrom('?utm_source=ig&x=1&entrypoint=wedding')).toEqual({
      utm_source: 'ig',
      entrypoint: 'wedding',
    });
  });
});
