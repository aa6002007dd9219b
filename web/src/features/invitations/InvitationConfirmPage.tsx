import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useConfirmInvitation } from '../album-settings/api.ts';
import { InvitationProblem } from './InvitationProblem.tsx';

/**
 * SPEC §2 /invitations/{token}/confirm (login required): accepts the invitation for the signed-in user, then
 * opens the album in the editor. Accepting again is harmless, so a reload of this page does no damage.
 */
export function InvitationConfirmPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirmInvitation = useConfirmInvitation();
  const { mutate } = confirmInvitation;
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode mounts effects twice in development.
    if (sent.current) return;
    sent.current = true;
    mutate(token, {
      onSuccess: ({ album_id }) => navigate(`/album/${encodeURIComponent(album_id)}`, { replace: true }),
    });
  }, [mutate, navigate, token]);

  if (confirmInvitation.isError) return <InvitationProblem error={confirmInvitation.error} />;
  return <PageLoader />;
}
