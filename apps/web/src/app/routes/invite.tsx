import { useParams } from 'react-router';
import { InviteLanding } from '../../features/social/components/invite-landing';

/** /invite/{token} (issue 8): outside the guard, so visitors see what the link is first. */
export function InvitePage() {
  const { token = '' } = useParams();
  return <InviteLanding key={token} token={token} />;
}
