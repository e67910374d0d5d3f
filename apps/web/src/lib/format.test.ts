import { describe, expect, it } from 'vitest';
import { compareNames, formatDate, formatRating } from './format';

describe('formatDate', () => {
  it('writes a date as Intl does in Portuguese and in English, in the reader’s time zone', () => {
    // Around midnight and the turn of the year, where the time zone moves the day.
    const dates = [
      '2026-10-06T12:00:00Z',
      '2026-01-31T23:59:59Z',
      '2025-12-31T23:30:00Z',
      '2027-01-01T00:30:00-03:00',
    ];
    for (const iso of dates) {
      expect(formatDate(iso)).toBe(
        new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }).format(new Date(iso)),
      );
      expect(formatDate(iso)).toBe(
        new Intl.DateTimeFormat('en-GB', { dateStyle: 'short' }).format(new Date(iso)),
      );
    }
  });
});

describe('formatRating', () => {
  it('writes every rating as Intl does for the reader’s language', () => {
    for (let halves = 1; halves <= 10; halves++) {
      const rating = halves / 2;
      expect(formatRating(rating, 'pt')).toBe(rating.toLocaleString('pt-BR'));
      expect(formatRating(rating, 'en')).toBe(rating.toLocaleString('en'));
    }
  });
});

describe('compareNames', () => {
  it('orders names as Portuguese collation does, accents and case aside', () => {
    // The categories the app ships with, and names that differ only by accent or case.
    const names = [
      'Viagens',
      'Séries',
      'Álbuns',
      'Músicas',
      'Museus',
      'Animes',
      'Arte',
      'Bares',
      'Cafés',
      'Esportes',
      'Éticas',
      'Filmes',
      'Jogos',
      'Livros',
      'Moda',
      'Podcasts',
      'Quadrinhos',
      'Receitas',
      'Restaurantes',
      'Teatro',
      'Tecnologia',
      'avós',
      'Avós',
      'Avos',
      'ações',
      'Acoes',
    ];
    const collated = [...names].sort((a, b) => a.localeCompare(b, 'pt-BR'));
    const folded = [...names].sort(compareNames);
    const fold = (name: string) =>
      name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    // Same order wherever the folded names differ; ties may sit in either order.
    expect(folded.map(fold)).toEqual(collated.map(fold));
    expect(folded.slice(0, 3)).toEqual(['Acoes', 'ações', 'Álbuns']);
  });
});
