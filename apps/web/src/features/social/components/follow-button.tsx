import '../texts';
import type { Collection } from '@acervo/contract/collection';
import type { UserProfile } from '@acervo/contract/user';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';
import { useFollowCollection, useFollowUser } from '../hooks/use-social';
import { SocialToggle } from './social-toggle';

type Size = 'sm' | 'md';

/** 'Seguir', with a check while followed; the name in the label tells many cards apart. */
function FollowToggle({
  id,
  name,
  following,
  size,
  mutation,
}: {
  id: string;
  name: string;
  following: boolean;
  size: Size;
  mutation: Parameters<typeof SocialToggle>[0]['mutation'];
}) {
  const { t } = useTranslation();
  return (
    <SocialToggle
      kind="follow"
      targetId={id}
      name={name}
      pressed={following}
      mutation={mutation}
      className={`btn ${size === 'sm' ? 'btn-sm ' : ''}btn-outline-primary follow-button`}
      label={t('social.follow.label', { name })}
    >
      {following ? <CheckIcon size={14} /> : null}
      <span className={following ? 'ms-1' : undefined}>{t('social.follow.button')}</span>
    </SocialToggle>
  );
}

/** 'Seguir' a collection: its new items reach the follower's notifications. */
export function FollowCollectionButton({ collection, size }: { collection: Collection; size: Size }) {
  const mutation = useFollowCollection();
  const { id, name, followed_by_me } = collection;
  return <FollowToggle id={id} name={name} following={followed_by_me} size={size} mutation={mutation} />;
}

/** 'Seguir' a person (profile header, lists of people). */
export function FollowUserButton({ user, size }: { user: UserProfile; size: Size }) {
  const mutation = useFollowUser();
  const { id, name, followed_by_me } = user;
  return <FollowToggle id={id} name={name} following={followed_by_me} size={size} mutation={mutation} />;
}
