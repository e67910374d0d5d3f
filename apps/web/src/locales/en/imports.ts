import type { imports as pt } from '../pt/imports';

/** /account/import (issue 27). */
export const imports: typeof pt = {
  pageTitle: 'Import',
  title: 'Import from Letterboxd, Goodreads or a spreadsheet',
  subtitle:
    "Send Letterboxd's export ZIP (or one of its CSVs), goodreads_library_export.csv or a CSV with the columns name, rating, description, collection.",
  fileLabel: 'File to import',
  categoryLabel: 'Category (for a spreadsheet without a category column)',
  categoryFromFile: "The file's",
  reading: 'Reading the file…',
  previewTitle: 'What will be created',
  previewItems_one: '{{count}} item',
  previewItems_other: '{{count}} items',
  previewRated_one: '{{count}} rated',
  previewRated_other: '{{count}} rated',
  skipped_one: '{{count}} row will be skipped (no name or an invalid rating).',
  skipped_other: '{{count}} rows will be skipped (no name or an invalid rating).',
  visibilityLegend: 'Who can see the new collections',
  private: 'Only me (private)',
  public: 'Everyone (public)',
  start: 'Import',
  queued: 'Queued…',
  running: 'Importing…',
  progress: '{{done}} of {{total}} items',
  done: 'Import done: {{created}} new items, {{present}} were already in your Acervo.',
  failed: 'The import failed and nothing was imported.',
  seeProfile: 'See my profile',
  tooLarge: 'The file is too large for one import.',
  inProgress: 'You already have an import running. Wait for it to finish.',
  tooMany: 'You reached the daily limit of imports. Try again tomorrow.',
  error: 'The file could not be read. Try again.',
  invalid: {
    unreadable: 'The file {{file}} could not be read: check its quotes and commas.',
    unreadableAt: 'The file {{file}} could not be read at line {{line}}: check its quotes and commas.',
    too_many_rows:
      'The file has more than {{max}} rows, the most one import takes. Split it into smaller parts.',
    empty: 'The file {{file}} is empty.',
    list_header: 'The file {{file}} lacks the list’s header line “Position,Name,Year,URL,Description”.',
    no_export_files:
      'No file of a Letterboxd export was found (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv, likes/films.csv or lists/).',
    category_needed:
      'Choose the collections’ category, or add a “category” column with a category’s name to the file.',
    zip_too_large: 'The unzipped ZIP is too large.',
    zip_corrupt: 'The ZIP file is damaged and could not be opened.',
    unknown_columns:
      'Line 1 of {{file}} has neither the column titles of a Letterboxd or Goodreads export nor “name, rating, description, collection”.',
  },
};
