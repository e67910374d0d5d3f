import { randomBytes } from 'node:crypto';

/** 96 random bits, URL-safe: opaque ids that cannot be guessed by counting. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
