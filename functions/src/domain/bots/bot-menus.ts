/**
 * The texts the menu bot sends. The spec fixes no wording for the menu lines, so they follow the
 * Whaticket family's WhatsApp formatting (`*1* - Vendas`), in Portuguese like the company's messages.
 */
import type { BotQueue, BotQueueOption } from './bot-types';

export const BACK_KEY = '0';
export const MAIN_MENU_KEY = '#';

export const queueMenu = (queues: readonly BotQueue[]): string => queues.map((q, i) => `*${i + 1}* - ${q.name}`).join('\n');

export function optionsMenu(options: readonly BotQueueOption[], nested: boolean): string {
  const lines = [...options].sort((a, b) => a.option - b.option).map((o) => `*${o.option}* - ${o.title}`);
  if (nested) lines.push(`*${BACK_KEY}* - Voltar`);
  lines.push(`*${MAIN_MENU_KEY}* - Menu inicial`);
  return lines.join('\n');
}

/** Rating scale of spec part 1 §9: 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATING_SCALE = '*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';

export const joinParts = (...parts: (string | undefined)[]): string =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join('\n\n');
