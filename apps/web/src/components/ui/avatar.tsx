import { smallPicture } from '@acervo/contract/picture';

const CLASSES: Record<
  'small' | 'large',
  { photo: string; letter: string; px: number; loading: 'lazy' | 'eager' }
> = {
  /** 2 rem, as in the header's user menu and in lists of people. */
  small: { photo: 'avatar-initial avatar-photo', letter: 'avatar-initial', px: 32, loading: 'lazy' },
  /** 6 rem, the profile header's. */
  large: {
    photo: 'profile-avatar',
    letter: 'profile-avatar profile-avatar-initial',
    px: 96,
    loading: 'eager',
  },
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
    // Explicit size: the layout does not move when the photo arrives. Small ones are lazy (lists
    // hold many); the profile's large one is at the top of its page.
    const { photo, px, loading } = CLASSES[size];
    return <img src={src} alt={alt} className={photo} width={px} height={px} loading={loading} />;
  }
  return (
    <span className={CLASSES[size].letter} aria-hidden="true">
      {(name.trim()[0] ?? '').toUpperCase()}
    </span>
  );
}
