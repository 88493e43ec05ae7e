import type { LoginInput } from '@atende/shared';
import { PRERENDERED_COPY } from '@/lib/prerendered-copy';

/**
 * The sign-in form of the prerendered page (index.html, decisions.md "Sign-in first paint
 * (Lighthouse)"): a visitor can type into it before the app has started. The app renders beside it
 * (app/app-container.tsx) and then takes over: what was typed there, the field being typed in and its
 * caret carry over, and only then does the prerendered copy go (`handOver`).
 */
export interface PrerenderedForm {
  form: HTMLFormElement;
}

type LoginFields = Record<keyof LoginInput, HTMLInputElement | null>;
const FIELDS: readonly (keyof LoginInput)[] = ['email', 'password'];

/** Taken while rendering (none while prerendering, or once the prerendered copy is gone). */
export function findPrerenderedForm(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>(`${PRERENDERED_COPY} form`);
  return form ? { form } : null;
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

/**
 * Moves the visitor from the prerendered form to the app's `fields`, both on the page at this moment (the
 * app's layout effect): the typed values, then the focus, to the same field with the same caret or
 * selection, or to the e-mail field (as the app's own page focuses it) when the visitor was in neither;
 * then removes the prerendered copy. Returns what was typed there (null when nothing). Done in this order, the keys typed while the app takes over land in
 * the field they were typed in: the copy removed first (React clearing its container) dropped the focus,
 * and the app's autofocus took the rest of a password into the e-mail field.
 */
export function handOver({ form }: PrerenderedForm, fields: LoginFields): LoginInput | null {
  const copy = form.closest(PRERENDERED_COPY) ?? form;
  const active = document.activeElement;
  const typed: LoginInput = { email: '', password: '' };
  let target = fields.email;
  let from: HTMLInputElement | null = null;
  for (const name of FIELDS) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    const field = fields[name];
    typed[name] = input?.value ?? '';
    if (!input || !field) continue;
    field.value = input.value;
    if (input === active) [target, from] = [field, input];
  }
  const visitorElsewhere = active instanceof HTMLElement && active !== document.body && !copy.contains(active);
  if (!visitorElsewhere) {
    target?.focus();
    if (from && target) keepSelection(from, target);
  }
  copy.remove();
  return typed.email || typed.password ? typed : null;
}

/** The caret or selection of `from` on `to` (an e-mail input has none to read or set). */
function keepSelection(from: HTMLInputElement, to: HTMLInputElement): void {
  try {
    if (from.selectionStart !== null && from.selectionEnd !== null)
      to.setSelectionRange(from.selectionStart, from.selectionEnd);
  } catch {
    // type="email": no selection API
  }
}
