/** The Help tab (super users) and the /helps page (everyone): spec part 2 §2 "Help videos". */
import { ulid } from '@atende/shared/ids';
import type { HelpDto, HelpInput } from '@atende/shared';
import { listHelps, putHelp, removeHelp } from '../../data/helps';
import { isConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';

export const allHelps = async (): Promise<HelpDto[]> => (await listHelps()).sort((a, b) => a.title.localeCompare(b.title));

export async function addHelp(input: HelpInput): Promise<HelpDto> {
  const help = { id: ulid(), ...input };
  await putHelp(help, false);
  return help;
}

export async function updateHelp(helpId: string, input: HelpInput): Promise<HelpDto> {
  const help = { id: helpId, ...input };
  await putHelp(help, true).catch(notFoundOnMissing);
  return help;
}

export async function deleteHelp(helpId: string): Promise<void> {
  await removeHelp(helpId).catch(notFoundOnMissing);
}

function notFoundOnMissing(err: unknown): never {
  if (isConditionFailed(err)) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  throw err;
}
