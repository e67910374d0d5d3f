import { describe, expect, it } from 'vitest';
import { en } from './en';
import { pt } from './pt';
import { collections } from './pt/collections';
import { comments } from './pt/comments';
import { digest } from './pt/digest';
import { imports } from './pt/imports';
import { legal } from './pt/legal';
import { notifications } from './pt/notifications';
import { contact, help, landing, onboarding } from './pt/pages';
import { recap } from './pt/recap';
import { recommendations } from './pt/recommendations';
import { safety } from './pt/safety';
import { search } from './pt/search';
import { social } from './pt/social';
import { stats } from './pt/stats';
import { taste } from './pt/taste';
import { timeline } from './pt/timeline';

function shape(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string')
    return [`${prefix}:${(value.match(/{{\s*\w+\s*}}|<\w+>/g) ?? []).sort().join(',')}`];
  if (Array.isArray(value)) return value.flatMap((v, i) => shape(v, `${prefix}[${i}]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    shape(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('catalogues', () => {
  it('have the same keys, array lengths, placeholders and tags in pt and en', () => {
    // Some Portuguese texts load with their pages (types.ts); English has them all in its chunk.
    const whole = {
      ...pt,
      collections,
      comments,
      contact,
      digest,
      help,
      imports,
      landing,
      legal,
      notifications,
      onboarding,
      recap,
      recommendations,
      safety,
      search,
      social,
      stats,
      taste,
      timeline,
    };
    expect(Object.keys(en).sort()).toEqual(Object.keys(whole).sort());
    for (const key of Object.keys(whole) as (keyof typeof whole)[]) {
      expect([key, shape(en[key], key)]).toEqual([key, shape(whole[key], key)]);
    }
  });

  it('keep the spec texts verbatim, typos included', () => {
    expect(pt.errors.loginInvalid).toContain('Verique se os dados');
    expect(landing.testimonials.items).toHaveLength(6);
    expect(help.faq).toHaveLength(3);
    expect(landing.how.steps).toHaveLength(4);
    // The contract's validation codes read as spec section 5 words them.
    expect(pt.validation.nameRequired).toBe('Informe o seu nome completo');
    expect(pt.validation.accountNameRequired).toBe('Preencha o campo com o seu nome.');
    expect(pt.validation.postalCodeRequired).toBe('Preencha o campo Cep.');
  });
});
