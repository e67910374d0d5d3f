import { useAuth } from '../../../lib/auth';
import { recapSeasonYear } from '../model';
import { RecapInviteCard } from './recap-invite';

/**
 * "Seu ano no Acervo {year} está pronto" (issue 28) on the own profile and the feed, from
 * 1 December to 31 January; nothing the rest of the year. The card and its texts (about 1.5 KB
 * gzip) come with the page: loaded on demand, the card arrived after the page had drawn and pushed
 * everything below it down (a layout shift of 0.17 on the feed on a phone).
 */
export function RecapInvite({ today = new Date() }: { today?: Date }) {
  const { user } = useAuth();
  const year = recapSeasonYear(today);
  if (year === null || !user) return null;
  return <RecapInviteCard userId={user.userId} year={year} />;
}
