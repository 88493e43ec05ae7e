import type { LoginInput } from '@atende/shared';

/**
 * The sign-in form of the prerendered page (index.html, decisions.md "Sign-in first paint
 * (Lighthouse)"): a visitor can type into it before the app has started. The app's first render
 * replaces it; what was typed there, and the field the visitor was in, carry over.
 */
export interface PrerenderedForm {
  form: HTMLFormElement;
  focused: keyof LoginInput | null;
}

/** Taken while rendering, before the commit removes the prerendered markup (none while prerendering). */
export function findPrerenderedForm(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>('#root > [data-prerender] form');
  if (!form) return null;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  return { form, focused: focused === 'email' || focused === 'password' ? focused : null };
}

/**
 * Whether the visitor sent the prerendered form ('Acessar', or Enter in a field): the page's script
 * stops the native send and marks the form (web/build/first-paint.ts); the app sends it once it is in.
 * Taken once: the mark goes, so the form is sent once.
 */
export function takeSent({ form }: PrerenderedForm): boolean {
  const sent = form.hasAttribute('data-sent');
  form.removeAttribute('data-sent');
  return sent;
}

/** The values typed into the prerendered form (read after the commit: removed inputs keep their value). */
export function typedValues({ form }: PrerenderedForm): LoginInput | null {
  const value = (name: keyof LoginInput) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  const typed = { email: value('email'), password: value('password') };
  return typed.email || typed.password ? typed : null;
}
