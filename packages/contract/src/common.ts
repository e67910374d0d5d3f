import { z } from 'zod';
import { issue } from './validation.ts';

/** Every success body wraps its payload in `data`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Opaque ids: random, URL-safe, never a counter. */
export const idSchema = z
  .string({ error: issue.invalid })
  .min(1, issue.invalid)
  .max(64, issue.invalid)
  .regex(/^[A-Za-z0-9_-]+$/, issue.invalid);
