import * as z from 'zod/mini';
import { issue } from './validation.ts';

/** Every success body wraps its payload in `data`. */
export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ data });

/** Opaque ids: random, URL-safe, never a counter. */
export const idSchema = z
  .string({ error: issue.invalid })
  .check(
    z.minLength(1, issue.invalid),
    z.maxLength(64, issue.invalid),
    z.regex(/^[A-Za-z0-9_-]+$/, issue.invalid),
  );
