import { Suspense, lazy } from 'react';
import { useAuth } from '../../../lib/auth';
import { recapSeasonYear } from '../model';

// The card and its texts load only in the season: the profile and the feed are first-load pages
// with script budgets.
const RecapInviteCard = lazy(async () => ({ default: (await import('./recap-invite')).RecapInviteCard }));

/**
 * "Seu ano no Acervo {year} está pronto" (issue 28) on the own profile and the feed, from
 * 1 December to 31 January; nothing the rest of the year.
 */
export function RecapInvite({ today = new Date() }: { today?: Date }) {
  const { user } = useAuth();
  const year = recapSeasonYear(today);
  if (year === null || !user) return null;
  return (
    <Suspense fallback={null}>
      <RecapInviteCard userId={user.userId} year={year} />
    </Suspense>
  );
}
