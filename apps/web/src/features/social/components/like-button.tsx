import '../texts';
import type { Collection } from '@acervo/contract/collection';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../../components/ui/icons';
import { useLikeCollection } from '../hooks/use-social';
import { SocialToggle } from './social-toggle';

/** The heart with the count (cards) or the labelled 'Curtir' button (banner). */
export function LikeButton({ collection, variant }: { collection: Collection; variant: 'card' | 'banner' }) {
  const { t } = useTranslation();
  const like = useLikeCollection();
  const toggle = (
    <SocialToggle
      kind="like"
      targetId={collection.id}
      name={collection.name}
      pressed={collection.liked_by_me}
      mutation={like}
      className={variant === 'card' ? 'btn btn-icon like-button' : 'btn btn-light like-button'}
      label={variant === 'card' ? t('social.like.label', { name: collection.name }) : undefined}
    >
      <HeartIcon filled={collection.liked_by_me} size={variant === 'card' ? 20 : 18} />
      {variant === 'banner' ? <span className="ms-2">{t('social.like.button')}</span> : null}
    </SocialToggle>
  );
  if (variant === 'banner') return toggle;
  return (
    <span className="d-inline-flex align-items-center">
      {toggle}
      <LikeCount count={collection.likes} />
    </span>
  );
}

/** The count next to a heart; on one's own cards the heart is not a button (no liking oneself). */
export function LikeCount({ count, withHeart = false }: { count: number; withHeart?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="like-count small">
      {withHeart ? <HeartIcon size={16} /> : null}
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('social.like.count', { count })}</span>
    </span>
  );
}
