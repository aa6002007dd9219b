import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useBlueprints } from '../../api/queries.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';
import { useWizardFlow, wizardPath } from './useWizardFlow.ts';
import { WizardFrame } from './WizardFrame.tsx';
import { organizationErrors } from './wizardRules.ts';
import { wizardStore } from './wizardStore.ts';

/**
 * /album/new/confirm: the last wizard step, which creates the album from the saved wizard state.
 * Landing pages may link here directly with ?blueprint_id=&title=&release_date= (plus utm_* parameters,
 * which are kept in the URL and sent as analytics_metadata).
 */
export function WizardConfirmPage() {
  const { search } = useLocation();
  const flow = useWizardFlow();
  const blueprints = useBlueprints();
  const queryBlueprintId = new URLSearchParams(search).get('blueprint_id');
  const [prefillDone, setPrefillDone] = useState(!queryBlueprintId);
  const [createdAlbumId, setCreatedAlbumId] = useState<string | null>(null);

  useEffect(() => {
    if (prefillDone || !queryBlueprintId) return;
    if (blueprints.isError) return setPrefillDone(true);
    if (!blueprints.data) return;
    const blueprint = blueprints.data.find((candidate) => String(candidate.id) === queryBlueprintId);
    setPrefillDone(true);
    if (!blueprint) return;
    const params = new URLSearchParams(search);
    wizardStore.update({
      blueprintId: blueprint.id,
      blueprintCategory: blueprint.blueprint_category,
      blueprintTitle: blueprint.title,
      title: params.get('title') ?? wizardStore.get().title,
      releaseDate: params.get('release_date') ?? wizardStore.get().releaseDate,
    });
  }, [prefillDone, queryBlueprintId, blueprints.data, blueprints.isError, search]);

  const created = (albumId: string) => {
    setCreatedAlbumId(albumId);
    wizardStore.finish();
  };

  // Checked first: finishing empties the wizard state, which must not send us back to the first step.
  // Straight to the get-started tab: on a phone the bare album path is the canvas alone (SPEC §2 mobile tab bar).
  if (createdAlbumId) return <Navigate to={`/album/${createdAlbumId}/onboarding`} replace />;
  if (!prefillDone) return <PageLoader />;
  if (!flow.state.blueprintId) return <Navigate to={wizardPath('blueprints') + search} replace />;
  if (flow.checkingOrganizations) return <PageLoader />;
  if (flow.dataStep && Object.keys(organizationErrors(flow.state.organization)).length) {
    return <Navigate to={wizardPath('data') + search} replace />;
  }
  return (
    <WizardFrame steps={flow.steps} active="confirm">
      <ConfirmStep flow={flow} onCreated={created} />
    </WizardFrame>
  );
}
