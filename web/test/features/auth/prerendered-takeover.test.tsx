/**
 * The app taking over the prerendered sign-in page (features/auth/lib/prerendered-form.ts): the app's form
 * renders beside the prerendered one, and the visitor's typing goes on in the field they were in. The app
 * used to learn that field when its render started; a visitor who moved to the password field while the
 * (time-sliced) render ran had the app's e-mail field focused on mount, and the rest of the password went
 * there (seen in the browser journeys on the built console: "admin@demo.locals8iS…" and no password).
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '@/features/auth/components/login-page';
import { PrerenderedCopyCleanup } from '@/app/app-container';
import { renderWithProviders } from '../../support/render';

/** The prerendered page as index.html holds it, inside #root. */
function prerenderedPage(typed: { email: string; password: string }) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = `<div data-prerender="pt-BR"><form><input name="email" type="email"><input name="password" type="password"></form></div>`;
  document.body.append(root);
  const input = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  input('email').value = typed.email;
  input('password').value = typed.password;
  return { root, input };
}

/** Moves the focus while the tree renders, after the sign-in page has rendered (as a yield of a time-sliced render allows). */
function FocusDuringRender({ on }: { on: () => HTMLElement }) {
  on().focus();
  return null;
}

afterEach(() => document.getElementById('root')?.remove());

describe('the app taking over the prerendered sign-in page', () => {
  it('keeps the field the visitor moved to while the app rendered, with the caret, and then removes the copy', () => {
    const page = prerenderedPage({ email: 'ana@empresa.com.br', password: 'segr' });
    page.input('email').focus();
    renderWithProviders(
      <>
        <LoginPage />
        <FocusDuringRender on={() => page.input('password')} />
      </>,
      { route: '/login' },
    );

    const password = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect(password.value).toBe('segr');
    expect(password.selectionStart).toBe(4);
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ana@empresa.com.br');
    expect(page.root.querySelector('[data-prerender]')).toBeNull();
  });

  it('focuses the e-mail field, as the page does on its own, when the visitor was in neither field', () => {
    prerenderedPage({ email: '', password: '' });
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });

  it('removes a copy that no sign-in page took over (a visitor still signed in, sent on to the app)', () => {
    const page = prerenderedPage({ email: '', password: '' });
    render(<PrerenderedCopyCleanup />);
    expect(page.root.querySelector('[data-prerender]')).toBeNull();
  });
});
