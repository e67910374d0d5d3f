// Without zod: every avatar on every page calls this (issue 12, size budgets).

/**
 * A user's `picture` is the URL of its 512 px rendition; the 96 px one sits next to it. Small
 * avatars (header, cards) ask for that one instead of shrinking the large one in the browser.
 */
export function smallPicture(picture: string): string {
  return picture.replace(/-512\.webp$/, '-96.webp');
}
