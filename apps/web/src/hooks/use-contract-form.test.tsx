import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import * as mini from 'zod/mini';
import { SubmitButton } from '../components/ui/submit-button';
import { TextField } from '../components/ui/text-field';
import { ApiError } from '../lib/api-client';
import { gate } from '../testing/render';
import { useContractForm, useController, useWatch, type ContractForm } from './use-contract-form';

// A schema with a nested object and transforms, like the sign-in body.
const profileSchema = mini.object({
  user: mini.object({
    name: mini.string().check(mini.trim(), mini.minLength(1, 'nameRequired')),
    email: mini.pipe(
      mini.string().check(mini.trim(), mini.toLowerCase()),
      mini.email({ error: 'emailRequired' }),
    ),
  }),
  message: mini.string().check(mini.minLength(1, 'messageRequired')),
});
type Profile = mini.infer<typeof profileSchema>;
const EMPTY_PROFILE: Profile = { user: { name: '', email: '' }, message: '' };

function ProfileForm({ onSave }: { onSave: (values: Profile) => unknown }) {
  const form = useContractForm(profileSchema, { defaultValues: EMPTY_PROFILE });
  const name = useWatch(form, 'user.name');
  const save = async (values: Profile) => {
    try {
      await onSave(values);
    } catch (error) {
      form.showApiErrors(error);
    }
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <TextField form={form} name="user.name" label="Nome" hint={name ? `Olá, ${name}` : undefined} />
      <TextField form={form} name="user.email" label="E-mail" type="email" />
      <TextField form={form} name="message" label="Mensagem" multiline />
      <SubmitButton busy={form.formState.isSubmitting}>Salvar</SubmitButton>
      <button type="button" onClick={() => form.reset()}>
        Limpar
      </button>
    </form>
  );
}

const messages = {
  name: 'Informe o seu nome completo',
  email: 'Informe o seu e-mail.',
  message: 'Digite sua mensagem.',
  taken: 'E-mail já cadastrado.',
  rule: 'A senha deve conter no mínimo 8 caracteres, com letras e números.',
  mismatch: 'As senhas não coincidem.',
  rating: 'A nota vai de 0,5 a 5, em meios pontos.',
};

describe('useContractForm with nested fields and transforms', () => {
  it('shows nothing before a submit; then every message, the focus on the first invalid field, and no call', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<ProfileForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    expect(screen.queryByText(messages.email)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveFocus();
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription(messages.email);
    expect(screen.getByLabelText('Mensagem')).toHaveAccessibleDescription(messages.message);
    expect(screen.getByLabelText('Nome')).toHaveClass('is-valid');
    expect(screen.queryByText(messages.name)).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('checks a field again as it changes once a submit was tried', async () => {
    const user = userEvent.setup();
    render(<ProfileForm onSave={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText(messages.name)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'A');
    expect(screen.queryByText(messages.name)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toBeValid();
    // The others keep their messages until they change.
    expect(screen.getByText(messages.email)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nome'));
    expect(screen.getByText(messages.name)).toBeInTheDocument();
  });

  it('hands the parsed value to an async handler, with the button busy until it ends', async () => {
    const held = gate();
    const onSave = vi.fn(() => held.promise);
    const user = userEvent.setup();
    render(<ProfileForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Nome'), '  Ana ');
    // A watched field re-renders its reader as it is typed.
    expect(screen.getByText('Olá, Ana')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), ' Ana@Example.COM');
    await user.type(screen.getByLabelText('Mensagem'), 'Oi');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(onSave).toHaveBeenCalledWith({ user: { name: 'Ana', email: 'ana@example.com' }, message: 'Oi' });
    expect(screen.getByRole('button', { name: 'Carregando...' })).toBeDisabled();
    held.open();
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it("puts the API's field errors under their fields, where they stay until that field changes", async () => {
    const refusal = new ApiError(422, 'VALIDATION_FAILED', 'Dados inválidos', {
      'user.email': 'emailTaken',
      // A field this form does not have is left to the form's alert.
      captcha: 'invalid',
    });
    const user = userEvent.setup();
    render(
      <ProfileForm
        onSave={() => {
          throw refusal;
        }}
      />,
    );
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Mensagem'), 'Oi');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const email = screen.getByLabelText('E-mail');
    expect(await screen.findByText(messages.taken)).toBeInTheDocument();
    expect(email).toBeInvalid();
    expect(screen.queryByText('Valor inválido.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Mensagem'), '!');
    expect(screen.getByText(messages.taken)).toBeInTheDocument();
    await user.type(email, 'm');
    expect(screen.queryByText(messages.taken)).not.toBeInTheDocument();
    expect(email).toBeValid();
  });

  it('resets to the defaults: empty inputs, no messages, nothing marked', async () => {
    const user = userEvent.setup();
    render(<ProfileForm onSave={() => {}} />);
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText(messages.email)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    expect(screen.queryByText(messages.email)).not.toBeInTheDocument();
    expect(screen.queryByText('Olá, Ana')).not.toBeInTheDocument();
    for (const label of ['Nome', 'E-mail', 'Mensagem'])
      expect(screen.getByLabelText(label)).not.toHaveClass('is-invalid', 'is-valid');
  });
});

// A refinement across fields, as the contract builds them with zod/mini (decision 033).
const passwordSchema = mini
  .object({
    password: mini.string().check(mini.minLength(8, 'passwordRule')),
    confirmation: mini.string(),
    stars: mini.number().check(mini.minimum(1, 'ratingInvalid')),
  })
  .check(
    mini.refine((value) => value.password === value.confirmation, {
      path: ['confirmation'],
      error: 'passwordMismatch',
    }),
  );
type Passwords = mini.infer<typeof passwordSchema>;

/** A field that holds its value itself, like the star rating. */
function Stars({ form }: { form: ContractForm<Passwords, unknown> }) {
  const { value, onChange, ref } = useController(form, 'stars');
  return (
    <button type="button" ref={ref} onClick={() => onChange(value + 1)}>
      {`${value} estrelas`}
    </button>
  );
}

function PasswordForm({ onSave }: { onSave: (values: Passwords) => void }) {
  const form = useContractForm(passwordSchema, {
    mode: 'onChange',
    defaultValues: { password: '', confirmation: '', stars: 0 },
  });
  const code = form.formState.errors.stars;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)}>
      <TextField
        form={form}
        name="password"
        label="Senha"
        type="password"
        showErrorWhileTyping
        deps={['confirmation']}
      />
      <TextField form={form} name="confirmation" label="Confirme" type="password" />
      <Stars form={form} />
      {code ? <p>{code}</p> : null}
      <SubmitButton busy={false}>Salvar</SubmitButton>
    </form>
  );
}

describe('useContractForm with a refinement across fields', () => {
  it('shows a rule while typing where asked, and checks the dependent field again', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<PasswordForm onSave={onSave} />);
    const password = screen.getByLabelText('Senha');
    await user.type(password, 'abc');
    expect(password).toHaveAccessibleDescription(messages.rule);
    await user.type(password, 'defgh');
    expect(screen.queryByText(messages.rule)).not.toBeInTheDocument();
    // The confirmation's message waits for a submit.
    expect(screen.queryByText(messages.mismatch)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText(messages.mismatch)).toBeInTheDocument();
    expect(screen.getByText('ratingInvalid')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirme')).toHaveFocus();
    await user.type(screen.getByLabelText('Confirme'), 'abcdefgh1');
    expect(screen.getByText(messages.mismatch)).toBeInTheDocument();
    // Changing the password checks its confirmation (deps) as well.
    await user.type(password, '1');
    expect(screen.queryByText(messages.mismatch)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '0 estrelas' }));
    expect(screen.queryByText('ratingInvalid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ password: 'abcdefgh1', confirmation: 'abcdefgh1', stars: 1 }),
    );
  });
});

describe('a prerendered form (decision 030)', () => {
  it('keeps what was typed before the app took over, and cannot be sent until then', async () => {
    const onSave = vi.fn();
    const page = document.body.appendChild(document.createElement('div'));
    page.innerHTML = renderToString(<ProfileForm onSave={onSave} />);
    const field = (label: string) => within(page).getByLabelText(label) as HTMLInputElement;
    // The markup is on screen before the scripts: no submit yet (it would be the browser's own).
    expect(within(page).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    field('Nome').value = 'Ana Souza';
    field('E-mail').value = 'ANA@Example.com';
    field('Mensagem').value = 'Olá!';

    const root = await act(async () => hydrateRoot(page, <ProfileForm onSave={onSave} />));
    expect(field('Nome')).toHaveValue('Ana Souza');
    await userEvent.click(within(page).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({
      user: { name: 'Ana Souza', email: 'ana@example.com' },
      message: 'Olá!',
    });
    act(() => root.unmount());
    page.remove();
  });
});
