import type { WhatsappCheckState } from '@atende/shared';

/** The check state to tell of several answers: one not checked makes the whole not checked. */
export const worseCheck = (a: WhatsappCheckState | undefined, b: WhatsappCheckState): WhatsappCheckState =>
  a === 'noConnection' || b === 'noConnection' ? 'noConnection' : a === 'pending' || b === 'pending' ? 'pending' : 'checked';
