import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrganizations } from '../../api/queries.ts';
import { needsDataStep, wizardSteps, type WizardStep } from './wizardRules.ts';
import { useWizardState } from './wizardStore.ts';

export function wizardPath(step: WizardStep): string {
  return step === 'blueprints' ? '/album/new' : `/album/new/${step}`;
}

/** Steps of the current configuration and navigation between them; the query string always travels along. */
export function useWizardFlow() {
  const state = useWizardState();
  const navigate = useNavigate();
  const { search } = useLocation();
  const isBusiness = state.blueprintCategory === 'business';
  const organizations = useOrganizations(isBusiness);
  const organizationCount = organizations.isError ? 0 : (organizations.data?.length ?? 0);
  const dataStep = needsDataStep(state.blueprintCategory, organizationCount);
  const steps = wizardSteps(dataStep);

  const goTo = useCallback(
    (step: WizardStep, replace = false) => navigate(wizardPath(step) + search, { replace }),
    [navigate, search],
  );

  return {
    state,
    steps,
    dataStep,
    existingOrganization: organizations.data?.[0] ?? null,
    checkingOrganizations: isBusiness && organizations.isPending,
    goTo,
  };
}
