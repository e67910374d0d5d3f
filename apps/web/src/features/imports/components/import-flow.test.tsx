import type { ImportJob, ImportPreview } from '@acervo/contract/import';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../testing/fixtures';
import { gate, renderWithProviders, stubFetch } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';
import { ImportFlow } from './import-flow';

const preview: ImportPreview = {
  format: 'letterboxd',
  collections: [
    { name: 'Assistidos no Letterboxd', category_id: 'wtt0fgHceRL46Hhk', items: 6, rated: 5 },
    { name: 'Quero ver', category_id: 'wtt0fgHceRL46Hhk', items: 2, rated: 0 },
  ],
  items: 8,
  skipped_count: 1,
  skipped: [{ file: 'ratings.csv', line: 7, reason: 'invalid_rating' }],
};
const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 'imp1',
  status: 'running',
  format: 'letterboxd',
  visibility: 'public',
  progress: { done: 4, total: 8 },
  outcome: { collections: [], items_created: 4, items_present: 0, skipped_count: 1, skipped: [] },
  error: null,
  created_at: '2026-11-26T15:00:00.000Z',
  ...over,
});

describe('ImportFlow', () => {
  it('previews the file, imports it as chosen and follows the job to its collections', async () => {
    storeSession();
    // The job finishes once the person has seen it halfway (on a busy machine the next poll could
    // otherwise answer before the bar was ever drawn).
    const halfwaySeen = gate();
    const calls = stubFetch(
      { status: 200, body: { data: [{ id: 'wtt0fgHceRL46Hhk', name: 'Filmes' }] } },
      { status: 200, body: { data: preview } },
      { status: 202, body: { data: { id: 'imp1' } } },
      { status: 200, body: { data: job({}) } },
      {
        gate: halfwaySeen.promise,
        status: 200,
        body: {
          data: job({
            status: 'done',
            progress: { done: 8, total: 8 },
            outcome: {
              collections: [{ id: 'col1', name: 'Assistidos no Letterboxd' }],
              items_created: 8,
              items_present: 0,
              skipped_count: 1,
              skipped: [],
            },
          }),
        },
      },
    );
    const { user } = renderWithProviders(<ImportFlow pollMs={5} />);
    const file = new File(['zip'], 'letterboxd.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Arquivo para importar'), file);

    const what = await screen.findByRole('region', { name: 'O que será criado' });
    expect(
      within(what)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Assistidos no Letterboxd: 6 itens, 5 com nota', 'Quero ver: 2 itens, 0 com nota']);
    expect(
      within(what).getByText('1 linha será ignorada (sem nome ou com nota inválida).'),
    ).toBeInTheDocument();
    // Private unless the person says otherwise.
    expect(screen.getByLabelText('Só eu (privadas)')).toBeChecked();
    await user.click(screen.getByLabelText('Todos (públicas)'));
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    expect(calls[2]!.url).toBe('/api/v1/imports');
    expect((calls[2]!.init!.body as FormData).get('visibility')).toBe('public');
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    halfwaySeen.open();
    const link = await screen.findByRole('link', { name: 'Assistidos no Letterboxd' });
    expect(link).toHaveAttribute('href', '/lists/col1');
    expect(screen.getByText(/8 itens novos/)).toBeInTheDocument();
  });

  it.each([
    ['pt', 'O arquivo ratings.csv não pôde ser lido na linha 3: verifique as aspas e as vírgulas.'],
    ['en', 'The file ratings.csv could not be read at line 3: check its quotes and commas.'],
  ])(
    'words why a file cannot be read in the reader’s language (%s), naming the file and line',
    async (lang, text) => {
      await i18n.changeLanguage(lang);
      try {
        storeSession();
        stubFetch(
          { status: 200, body: { data: [] } },
          {
            status: 400,
            body: {
              error: {
                code: 'IMPORT_FILE_INVALID',
                message:
                  'O arquivo ratings.csv não pôde ser lido na linha 3: verifique as aspas e as vírgulas.',
                params: { reason: 'unreadable', file: 'ratings.csv', line: 3 },
              },
            },
          },
        );
        const { user } = renderWithProviders(<ImportFlow />);
        const label = lang === 'en' ? 'File to import' : 'Arquivo para importar';
        await user.upload(screen.getByLabelText(label), new File(['x'], 'ratings.csv'));
        expect(await screen.findByRole('alert')).toHaveTextContent(text);
      } finally {
        await i18n.changeLanguage('pt');
      }
    },
  );

  it("shows the API's own sentence for a reason it does not know", async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: [] } },
      {
        status: 400,
        body: {
          error: { code: 'IMPORT_FILE_INVALID', message: 'O arquivo a.csv não pôde ser lido na linha 3.' },
        },
      },
    );
    const { user } = renderWithProviders(<ImportFlow />);
    await user.upload(screen.getByLabelText('Arquivo para importar'), new File(['x'], 'a.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O arquivo a.csv não pôde ser lido na linha 3.',
    );
  });
});
