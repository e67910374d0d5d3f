import { passwordChangeBody, registrationBody, sessionBody } from '@acervo/contract/auth';
import { collectionItemCreateForm, collectionItemUpdateBody } from '@acervo/contract/collection-item';
import { contactBody } from '@acervo/contract/contact';
import { accountBody } from '@acervo/contract/user';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldRules } from './contract-fields';

describe('fieldRules', () => {
  it.each([
    ['a trimmed text with a limit', registrationBody, 'name', { required: true, maxLength: 120 }],
    ['an e-mail (a pipe into z.email)', registrationBody, 'email', { required: true, maxLength: 254 }],
    ['a password with its refinements', registrationBody, 'password', { required: true, maxLength: 128 }],
    ['a nested field', sessionBody, 'user.email', { required: true, maxLength: 254 }],
    ['an optional text', contactBody, 'inputPhone', { required: false, maxLength: 30 }],
    ['a text with a transform', accountBody, 'cellular', { required: true, maxLength: 30 }],
    ['an enum', accountBody, 'state', { required: true, maxLength: undefined }],
    ['a required description', collectionItemCreateForm, 'description', { required: true, maxLength: 2000 }],
    [
      'an optional description',
      collectionItemUpdateBody,
      'description',
      { required: false, maxLength: 2000 },
    ],
    [
      'a field of a refined object',
      passwordChangeBody,
      'password_confirmation',
      { required: true, maxLength: 128 },
    ],
  ])('reads %s from the contract', (_what, schema, path, rules) => {
    expect(fieldRules(schema, path)).toEqual(rules);
  });

  it('takes the tightest of several length limits', () => {
    const schema = z.object({ code: z.string().check(z.maxLength(10), z.trim(), z.maxLength(6)) });
    expect(fieldRules(schema, 'code')).toEqual({ required: false, maxLength: 6 });
  });

  it('knows nothing of a path the schema does not have', () => {
    expect(fieldRules(sessionBody, 'user.nickname')).toEqual({ required: false, maxLength: undefined });
    expect(fieldRules(sessionBody, 'user.email.x')).toEqual({ required: false, maxLength: undefined });
  });
});
