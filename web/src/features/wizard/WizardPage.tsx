import { Navigate, useParams } from 'react-router-dom';
import { BlueprintStep } from './BlueprintStep.tsx';
import { DataStep } from './DataStep.tsx';
import { useWizardFlow, wizardPath } from './useWizardFlow.ts';
import { WizardFrame } from './WizardFrame.tsx';

/** /album/new/{key?}: the template choice and, for business templates without organization, the data step. */
export function WizardPage() {
  const { key } = useParams();
  const flow = useWizardFlow();
  if (key !== undefined && key !== 'data' && key !== 'blueprints')
    return <Navigate to={wizardPath('blueprints')} replace />;

  const dataStepReachable =
    key === 'data' && flow.state.blueprintId && (flow.dataStep || flow.checkingOrganizations);
  if (key === 'data' && !dataStepReachable) {
    return <Navigate to={wizardPath(flow.state.blueprintId ? 'confirm' : 'blueprints')} replace />;
  }
  const step = key === 'data' ? 'data' : 'blueprints';
  return (
    <WizardFrame steps={flow.steps} active={step}>
      {step === 'data' ? <DataStep flow={flow} /> : <BlueprintStep flow={flow} />}
    </WizardFrame>
  );
}
