import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ConfirmDialog } from './confirm-dialog';

describe('a modal (ConfirmDialog, like every Modal with keepTabInside)', () => {
  it('keeps Tab and Shift+Tab inside: past the last control back to the first, and the other way', async () => {
    const { user } = renderWithProviders(
      <>
        <button type="button">Atrás do modal</button>
        <ConfirmDialog
          show
          title="Excluir coleção"
          message="Tem certeza que deseja excluir esta coleção?"
          confirmLabel="Sim, excluir"
          cancelLabel="Cancelar"
          onConfirm={() => {}}
          onCancel={() => {}}
        />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Excluir coleção' });
    const buttons = [...dialog.querySelectorAll('button')];
    const first = buttons[0]!;
    const last = buttons.at(-1)!;
    last.focus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Atrás do modal', hidden: true })).not.toHaveFocus();
  });
});
