import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { issue } from '@acervo/contract/validation';
import type { Config } from '../../env.ts';
import { validationFailed } from '../../lib/app-error.ts';
import { perPersonPerMinute, tooManyAttempts } from '../../plugins/rate-limit.ts';
import { sniffImageType, unsupportedPicture } from './media.service.ts';

/**
 * What one person's picture uploads may cost the server (issue 23: a 29-byte GIF declaring
 * 6000x6000 took 2 s of CPU; 12 in parallel took the process from 1 to 3.7 GB): a per-person
 * rate, a pixel cap read from the header before anything is decoded, and at most
 * MEDIA_DECODE_CONCURRENCY decodes at once per process. Profile photos, item pictures and covers
 * share one of these, made once per app.
 */
export interface PictureUploads {
  /** `preHandler`: the person's upload budget (429 RATE_LIMITED with Retry-After past it). */
  perPerson: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Runs `decode` once `data` is known to be small enough and a decoding slot is free. */
  decode<T>(reply: FastifyReply, data: Buffer, decode: () => Promise<T>): Promise<T>;
}

/** Seconds a client refused a decoding slot is told to wait. */
const BUSY_RETRY_SECONDS = 5;

export function pictureUploads(app: FastifyInstance, config: Config): PictureUploads {
  const maxPixels = config.MEDIA_MAX_MEGAPIXELS * 1_000_000;
  const slots = config.MEDIA_DECODE_CONCURRENCY;
  const waitMs = config.MEDIA_DECODE_WAIT_SECONDS * 1000;
  let active = 0;
  const waiting: (() => void)[] = [];

  /** A slot within `waitMs`, or false. */
  function acquire(): Promise<boolean> {
    if (active < slots) {
      active += 1;
      return Promise.resolve(true);
    }
    if (waitMs === 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(granted), 1);
        resolve(false);
      }, waitMs);
      waiting.push(granted);
    });
  }

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next in line; `active` stays the same.
    if (next) next();
    else active -= 1;
  }

  return {
    perPerson: perPersonPerMinute(app, config.MEDIA_UPLOADS_PER_MINUTE, 'picture-uploads'),
    async decode(reply, data, decode) {
      if (!sniffImageType(data)) throw unsupportedPicture();
      // The header only: no pixel is decoded here.
      const { width, height } = await sharp(data)
        .metadata()
        .catch(() => {
          throw unsupportedPicture();
        });
      if (!width || !height) throw unsupportedPicture();
      if (width * height > maxPixels) throw validationFailed({ file: issue.pictureTooManyPixels });
      if (!(await acquire())) {
        reply.header('retry-after', String(BUSY_RETRY_SECONDS));
        throw tooManyAttempts();
      }
      try {
        return await decode();
      } finally {
        release();
      }
    },
  };
}
