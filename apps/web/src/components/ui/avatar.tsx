import { smallPicture } from '@acervo/contract/picture';

const CLASSES = {
  /** 2 rem, as in the header's user menu and in lists of people. */
  small: { photo: 'avatar-initial avatar-photo', letter: 'avatar-initial' },
  /** 6 rem, the profile header's. */
  large: { photo: 'profile-avatar', letter: 'profile-avatar profile-avatar-initial' },
};

/** A person's photo, or the first letter of their name on the brand colour. */
export function Avatar({
  name,
  picture,
  size = 'small',
  alt = '',
}: {
  name: string;
  picture?: string | null | undefined;
  size?: keyof typeof CLASSES;
  /** Decorative by default: the name is written next to it. */
  alt?: string;
}) {
  if (picture) {
    // Small avatars load the 96 px rendition the API keeps next to each photo.
    const src = size === 'small' ? smallPicture(picture) : picture;
    return <img src={src} alt={alt} className={CLASSES[size].photo} />;
  }
  return (
    <span className={CLASSES[size].letter} aria-hidden="true">
      {(name.trim()[0] ?? '').toUpperCase()}
    </span>
  );
}
