import type { ComponentType } from 'react';

/** A modal a feature plugs into the header's add-item icon (issue 5: the add-item modal). */
export type HeaderModal = ComponentType<{ show: boolean; onHide: () => void }>;

/**
 * What features plug into the signed-in header: the add-item modal (collections), the bell with
 * its modal (notifications), the search box (search) and the unverified e-mail reminder (users).
 * Shared chrome cannot import features.
 */
export type HeaderSlots = {
  addItemModal?: HeaderModal | undefined;
  notifications?: ComponentType | undefined;
  search?: ComponentType | undefined;
  reminder?: ComponentType | undefined;
};
