import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signInTestSession, stubFetch, testAccount } from '../../../testing/render';
import { AccountProfile } from './account-form';

describe('AccountProfile', () => {
  it('masks a date from the first keystroke, in the field that showed, over a selected date', async () => {
    signInTestSession();
    const calls = stubFetch(
      ...Array.from({ length: 3 }, () => ({ status: 200, body: { data: testAccount } })),
    );
    const { user } = renderWithProviders(<AccountProfile />);
    const birthday = await screen.findByLabelText('Aniversário');
    // Someone selects the whole date to type another over it (decision 074).
    await user.tripleClick(birthday);
    await user.keyboard('0101');
    expect(birthday).toHaveValue('01/01');
    await user.keyboard('2000');
    expect(screen.getByLabelText('Aniversário')).toBe(birthday);
    expect(birthday).toHaveValue('01/01/2000');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await screen.findByText('Dados da conta atualizados.');
    expect(JSON.parse(String(calls[1]!.init?.body))).toMatchObject({ birthday: '2000-01-01' });
  });

  it('shows the masks filled in and blocks an emptied field with its own text', async () => {
    signInTestSession();
    const calls = stubFetch({ status: 200, body: { data: testAccount } });
    const { user } = renderWithProviders(<AccountProfile />);
    expect(await screen.findByLabelText('Aniversário')).toHaveValue('07/02/1990');
    await user.clear(screen.getByLabelText('Cidade'));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const city = screen.getByLabelText('Cidade');
    expect(city).toHaveAccessibleDescription('Preencha o campo cidade.');
    expect(city).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it("puts the API's validation codes under their fields, in the reader's words", async () => {
    signInTestSession();
    stubFetch(
      { status: 200, body: { data: testAccount } },
      {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Verifique os campos destacados.',
            // A code this build does not know yet still reads as a sentence.
            fields: { cellular: 'cellularInvalid', city: 'cityNotServed' },
          },
        },
      },
    );
    const { user } = renderWithProviders(<AccountProfile />);
    await user.click(await screen.findByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível atualizar os dados da conta. Por favor, tente novamente.',
    );
    expect(screen.getByLabelText('Telefone')).toHaveAccessibleDescription(
      'Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678.',
    );
    expect(screen.getByLabelText('Telefone')).toBeInvalid();
    expect(screen.getByLabelText('Cidade')).toHaveAccessibleDescription('Valor inválido.');
  });
});
