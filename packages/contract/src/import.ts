import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { issue } from './validation.ts';

/**
 * Imports (issue 27): a Letterboxd ZIP or one of its CSVs, a Goodreads library export or a plain
 * CSV (`name, rating, description, collection`) becomes collections, written by a background job.
 * `POST /api/v1/imports` (multipart: `file`, `visibility`, and for a plain CSV without a
 * `category` column, `category_id`) answers 202 with the job's id; `GET /api/v1/imports/{id}`
 * tells its progress. `POST /api/v1/imports/preview` (the same form) says what would be created.
 */
export const IMPORT_FORMATS = ['letterboxd', 'goodreads', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** Why a file cannot be imported: `params.reason` of an `IMPORT_FILE_INVALID` (or 413) error. */
export const IMPORT_FILE_PROBLEMS = [
  'unreadable',
  'too_many_rows',
  'empty',
  'list_header',
  'no_export_files',
  'category_needed',
  'zip_too_large',
  'zip_corrupt',
  'unknown_columns',
] as const;
export type ImportFileProblem = (typeof IMPORT_FILE_PROBLEMS)[number];
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const IMPORT_VISIBILITIES = ['public', 'private'] as const;

/**
 * Why a row of the file was not imported: no name; a rating that is not 0.5 to 5 in half steps
 * (Goodreads: 1 to 5); a category the plain CSV names that does not exist; the same item twice in
 * one collection of a plain CSV; a word the operators blocked.
 */
export const SKIP_REASONS = [
  'no_name',
  'invalid_rating',
  'unknown_category',
  'duplicate',
  'blocked_term',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The non-file fields of the upload form. */
export const importFormFields = z.object({
  visibility: z._default(z.optional(z.enum(IMPORT_VISIBILITIES, { error: issue.invalid })), 'private'),
  category_id: z.optional(idSchema),
});

// ---- What a file will create (the API keeps it as the job's plan) ----

export interface PlannedCollection {
  /** Which target of the export this is (`letterboxd:watched`, `goodreads:shelf:to-read`...). */
  group: string;
  name: string;
  category_id: string;
  description: string;
}
export interface PlannedItem {
  /** Index of its collection in `collections`. */
  c: number;
  name: string;
  description: string;
  rating: number | null;
  year: number | null;
  /** A Letterboxd URI, an ISBN, or `title:<normalised name>|<year>`. */
  source_id: string;
  /** Where it comes from: the CSV (its path in a ZIP) and the line. */
  file: string;
  line: number;
}
export interface ImportPlan {
  format: ImportFormat;
  collections: PlannedCollection[];
  items: PlannedItem[];
  skipped: SkippedRow[];
}

const skippedRowSchema = z.object({
  /** The CSV the row is in (its path inside a ZIP). */
  file: z.string(),
  line: z.int(),
  reason: z.enum(SKIP_REASONS),
});
export type SkippedRow = z.infer<typeof skippedRowSchema>;

/** Skipped rows listed at most (the count is whole). */
export const SKIPPED_LISTED_MAX = 100;

export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  collections: z.array(z.object({ name: z.string(), category_id: idSchema, items: z.int(), rated: z.int() })),
  items: z.int(),
  skipped_count: z.int(),
  skipped: z.array(skippedRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importPreviewResponse = envelope(importPreviewSchema);

export const importCreatedResponse = envelope(z.object({ id: idSchema }));
export const importParams = z.object({ id: idSchema });

export const importJobSchema = z.object({
  id: idSchema,
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  visibility: z.enum(IMPORT_VISIBILITIES),
  /** Entries of the file written so far, out of `total`. */
  progress: z.object({ done: z.int(), total: z.int() }),
  outcome: z.object({
    /** The collections this import created (when done; empty on failure). */
    collections: z.array(z.object({ id: idSchema, name: z.string() })),
    items_created: z.int(),
    /** Items already there (the same file imported again adds nothing). */
    items_present: z.int(),
    skipped_count: z.int(),
    skipped: z.array(skippedRowSchema),
  }),
  /** Why it failed (pt-BR), null otherwise. */
  error: z.nullable(z.string()),
  created_at: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
export const importJobResponse = envelope(importJobSchema);
