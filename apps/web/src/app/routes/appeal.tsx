import { useParams } from 'react-router';
import { SuspensionAppeal } from '../../features/safety/components/suspension-appeal';

/** /appeal/{token} (issue 23): outside the guard, since a suspended account cannot sign in. */
export function AppealPage() {
  const { token = '' } = useParams();
  return <SuspensionAppeal key={token} token={token} />;
}
