import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessageKey, unusableAnswer } from './api-errors';

const status = (code: number) => new ApiError(code, undefined, 'x');
const network = new ApiError(0, undefined, 'Network error');

describe('errorMessageKey for the signed-in screens', () => {
  it('gives loads one text per screen, and a 404 its own where a link may be stale', () => {
    expect(errorMessageKey(status(500), 'categories')).toBe('errors.categoriesLoad');
    expect(errorMessageKey(network, 'userCollections')).toBe('errors.listsLoad');
    expect(errorMessageKey(status(500), 'collectionView')).toBe('errors.collectionViewLoad');
    expect(errorMessageKey(status(404), 'collectionView')).toBe('errors.collectionNotFound');
    expect(errorMessageKey(status(404), 'item')).toBe('errors.itemNotFound');
    expect(errorMessageKey(status(404), 'profile')).toBe('errors.profileLoad');
  });

  it('tells a refused or unusable answer from a thrown error on writes', () => {
    expect(errorMessageKey(unusableAnswer(), 'collectionCreate')).toBe('errors.collectionCreateRefused');
    expect(errorMessageKey(network, 'collectionCreate')).toBe('errors.unexpected');
    expect(errorMessageKey(status(403), 'collectionDelete')).toBe('errors.collectionDeleteRefused');
    expect(errorMessageKey(status(503), 'collectionDelete')).toBe('errors.collectionDeleteFailed');
    expect(errorMessageKey(status(400), 'itemUpdate')).toBe('errors.itemUpdateRefused');
    expect(errorMessageKey(status(500), 'itemUpdate')).toBe('errors.unexpected');
    expect(errorMessageKey(status(400), 'accountUpdate')).toBe('errors.accountUpdateRefused');
    expect(errorMessageKey(network, 'accountUpdate')).toBe('errors.accountUpdateFailed');
    expect(errorMessageKey(status(429), 'itemCreate')).toBe('errors.rateLimited');
    const full = new ApiError(409, 'COLLECTION_FULL', 'full');
    expect(errorMessageKey(full, 'itemCreate')).toBe('errors.collectionFull');
    expect(errorMessageKey(full, 'save')).toBe('errors.collectionFull');
    const crowded = new ApiError(409, 'COLLABORATORS_FULL', 'full');
    expect(errorMessageKey(crowded, 'collaboratorAdd')).toBe('errors.collaboratorsFull');
    expect(errorMessageKey(crowded, 'inviteAccept')).toBe('errors.collaboratorsFull');
    const following = new ApiError(409, 'FOLLOWS_FULL', 'full');
    expect(errorMessageKey(following, 'follow')).toBe('errors.followsFull');
    expect(errorMessageKey(status(409), 'follow')).toBe('errors.followFailed');
  });
});

describe('errorMessageKey for issue 23', () => {
  it('says why a picture was refused, and that an account is suspended or a report already sent', () => {
    const pixels = new ApiError(400, 'VALIDATION_FAILED', 'x', { file: 'pictureTooManyPixels' });
    expect(errorMessageKey(pixels, 'pictureUpload')).toBe('validation.pictureTooManyPixels');
    expect(errorMessageKey(status(500), 'pictureUpload')).toBe('errors.pictureUploadFailed');
    expect(errorMessageKey(new ApiError(403, 'ACCOUNT_SUSPENDED', 'x'), 'login')).toBe(
      'errors.accountSuspended',
    );
    expect(errorMessageKey(new ApiError(403, 'ACCOUNT_SUSPENDED', 'x'), 'googleLogin')).toBe(
      'errors.accountSuspended',
    );
    expect(errorMessageKey(new ApiError(409, 'ALREADY_REPORTED', 'x'), 'report')).toBe(
      'safety.report.already',
    );
    expect(errorMessageKey(new ApiError(400, 'APPEAL_INVALID', 'x'), 'suspensionAppeal')).toBe(
      'safety.appealPage.invalid',
    );
  });
});
