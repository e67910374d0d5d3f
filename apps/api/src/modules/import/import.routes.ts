import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  importCreatedResponse,
  importFormFields,
  importJobResponse,
  importParams,
  importPreviewResponse,
  type ImportPlan,
} from '@acervo/contract/import';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { pointsBudget } from '../../plugins/rate-limit.ts';
import type { Viewer } from '../access/access.policy.ts';
import { ImportFileError } from './import-csv.ts';
import { parseImportFile } from './import-parsers.ts';
import { createImport, dropBlocked, getImport, listCategories, previewOf } from './import.service.ts';

const tags = ['imports'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.floor(bytes / 1024)} KB`
    : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The upload: the one `file` part and the form's fields, in whatever order they came. */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  let file: { bytes: Buffer; name: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw validationFailed({ file: 'importFileRequired' });
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `O arquivo pode ter no máximo ${megabytes(maxBytes)}.`);
    }
    throw err;
  }
  if (!file) throw validationFailed({ file: 'importFileRequired' });
  const form = importFormFields.safeParse(fields);
  if (!form.success) {
    throw validationFailed(
      Object.fromEntries(form.error.issues.map((i) => [String(i.path[0]), 'invalid' as const])),
    );
  }
  return { file, form: form.data };
}

/** What the uploaded file will create, or 400/413 naming what is wrong with it. */
async function planOf(db: Db, config: Config, request: FastifyRequest) {
  const { file, form } = await readUpload(request, config.IMPORT_MAX_BYTES);
  const categories = await listCategories(db);
  if (form.category_id && !categories.some((c) => c.id === form.category_id)) {
    throw validationFailed({ category_id: 'invalid' });
  }
  let plan: ImportPlan;
  try {
    plan = parseImportFile(file.bytes, file.name, {
      maxRows: config.IMPORT_MAX_ROWS,
      categories,
      defaultCategoryId: form.category_id,
    });
  } catch (err) {
    if (err instanceof ImportFileError) {
      throw new AppError(
        err.tooLarge ? 413 : 400,
        err.tooLarge ? 'PAYLOAD_TOO_LARGE' : 'IMPORT_FILE_INVALID',
        err.message,
        undefined,
        err.problem,
      );
    }
    throw err;
  }
  return { plan: await dropBlocked(db, plan), form };
}

/** `/api/v1/imports`: upload a Letterboxd, Goodreads or plain CSV export and follow its job. */
export async function importRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.addHook('onRequest', signInRequired);
  await app.register(multipart, {
    limits: { fileSize: config.IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  const previews = pointsBudget(db, {
    name: 'import-previews',
    max: config.IMPORT_PREVIEWS_PER_MINUTE,
    seconds: 60,
  });
  const previewBudget = async (request: FastifyRequest, reply: FastifyReply) =>
    previews(reply, signedInUser(request).id, 1);
  // A declared length past the limit is refused before a byte of the body is read.
  const refuseTooLarge = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length']) > config.IMPORT_MAX_BYTES + 16 * 1024) {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `O arquivo pode ter no máximo ${megabytes(config.IMPORT_MAX_BYTES)}.`,
      );
    }
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: FastifyRequest): Viewer => signedInUser(request);

  r.post(
    '/imports/preview',
    {
      schema: {
        tags,
        summary:
          'What an import of the file would create (multipart: file, category_id for a plain CSV without a category column); nothing is written',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewResponse, ...errors },
      },
      onRequest: refuseTooLarge,
      preHandler: previewBudget,
    },
    async (request) => {
      const { plan } = await planOf(db, config, request);
      return { data: previewOf(plan) };
    },
  );

  r.post(
    '/imports',
    {
      schema: {
        tags,
        summary:
          'Import a Letterboxd ZIP or CSV, a Goodreads export or a plain CSV (multipart: file, visibility = public|private, private by default); runs in the background',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: { 202: importCreatedResponse, 409: errorBodySchema, ...errors },
      },
      onRequest: refuseTooLarge,
    },
    async (request, reply) => {
      const { plan, form } = await planOf(db, config, request);
      const created = await createImport(db, viewer(request), plan, form.visibility, config.IMPORTS_PER_DAY);
      return reply.code(202).send({ data: created });
    },
  );

  r.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: "An import's status, progress and outcome (its owner only)",
        security: bearerSecurity,
        params: importParams,
        response: { 200: importJobResponse, ...errors },
      },
    },
    async (request) => ({ data: await getImport(db, request.params.id, viewer(request)) }),
  );
}
