import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

export const PASSWORD = 'colecao2024';

/** A fresh address per test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'pessoa'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account through the API (faster than the form when the form is not under test). */
export async function registerThroughApi(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/api/v1/registration', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`registration failed: ${response.status()}`);
}

export async function fillRegisterForm(
  page: Page,
  fields: { name: string; email: string; password: string },
) {
  await page.getByLabel('Nome completo').fill(fields.name);
  await page.getByLabel('E-mail').fill(fields.email);
  await page.getByLabel('Senha', { exact: true }).fill(fields.password);
  await page.getByLabel('Confirme a senha').fill(fields.password);
}

export function storage(page: Page, area: 'localStorage' | 'sessionStorage') {
  return page.evaluate((which) => {
    const store = window[which];
    return Object.fromEntries(
      ['token', 'user_id', 'user_name', 'user_email', 'user_picture'].map((key) => [key, store.getItem(key)]),
    );
  }, area);
}
