import { z } from 'zod';

/** Every success body wraps its payload in `data`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Opaque ids: random, URL-safe, never a counter. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid id');
