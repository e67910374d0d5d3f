import type { Collection } from '@acervo/contract/collection';
import type { UserProfile } from '@acervo/contract/user';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';
import { useFollowCollection, useFollowUser } from '../hooks/use-social';
import { SocialToggle } from './social-toggle';

function FollowContent({ following }: { following: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {following ? <CheckIcon size={14} /> : null}
      <span className={following ? 'ms-1' : undefined}>{t('social.follow.button')}</span>
    </>
  );
}

const followClass = (size: 'sm' | 'md') =>
  `btn ${size === 'sm' ? 'btn-sm ' : ''}btn-outline-primary follow-button`;

/** 'Seguir' a collection: its new items reach the follower's notifications. */
export function FollowCollectionButton({ collection, size }: { collection: Collection; size: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const follow = useFollowCollection();
  return (
    <SocialToggle
      kind="follow"
      targetId={collection.id}
      name={collection.name}
      pressed={collection.followed_by_me}
      mutation={follow}
      className={followClass(size)}
      label={t('social.follow.label', { name: collection.name })}
    >
      <FollowContent following={collection.followed_by_me} />
    </SocialToggle>
  );
}

/** 'Seguir' a person (profile header, lists of people). */
export function FollowUserButton({ user, size }: { user: UserProfile; size: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const follow = useFollowUser();
  return (
    <SocialToggle
      kind="follow"
      targetId={user.id}
      name={user.name}
      pressed={user.followed_by_me}
      mutation={follow}
      className={followClass(size)}
      label={t('social.follow.label', { name: user.name })}
    >
      <FollowContent following={user.followed_by_me} />
    </SocialToggle>
  );
}
