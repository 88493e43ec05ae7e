/**
 * The campaign screens driven as a person drives them (spec part 3 "Contact lists page", "Contact list
 * items page", "Campaigns page", "Campaign settings page"): what the outbound journey does in Chromium.
 */
import type { Locator, Page } from 'playwright-core';
import type { LocalStack } from '../../infra/local/stack';

/** /campaigns-config: the three pacing selects and the daily cap, saved ('Configuracoes salvas'). */
export async function setPacingInConsole(
  page: Page,
  stack: LocalStack,
  pacing: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number; dailyCap: number },
): Promise<void> {
  await page.goto(`${stack.url}/campaigns-config`);
  await page
    .getByTestId('campaign-config-messageInterval')
    .selectOption(String(pacing.messageInterval), { timeout: 60_000 });
  await page.getByTestId('campaign-config-longerIntervalAfter').selectOption(String(pacing.longerIntervalAfter));
  await page.getByTestId('campaign-config-greaterInterval').selectOption(String(pacing.greaterInterval));
  await page.getByTestId('campaign-config-dailyCap').fill(String(pacing.dailyCap));
  await page.getByTestId('campaign-config-save').click();
  await page.getByText('Configuracoes salvas').first().waitFor({ timeout: 15_000 });
}

/** /contact-lists: a new list by name; answers with its items page open. */
export async function createListInConsole(page: Page, stack: LocalStack, name: string): Promise<void> {
  await page.goto(`${stack.url}/contact-lists`);
  await page.getByTestId('contact-lists-add').first().click({ timeout: 60_000 });
  const dialog = page.getByTestId('contact-list-dialog');
  await dialog.getByTestId('contact-list-name').fill(name);
  await dialog.getByTestId('contact-list-submit').click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  const row = page.getByTestId('contact-list-row').filter({ hasText: name });
  await row.getByTestId('contact-list-open').click({ timeout: 15_000 });
  await page.waitForURL(/\/contact-lists\/[^/]+\/contacts$/);
}

/** The `datetime-local` value of this minute when enough of it is left to fill the form in, else of the next one. */
export async function startMinuteInput(): Promise<string> {
  // The API accepts a time up to a minute past (campaign-rules.ts): leave the form 30 s to fill and save.
  const secondsIn = new Date().getSeconds();
  if (secondsIn > 30) await new Promise((resolve) => setTimeout(resolve, (61 - secondsIn) * 1000));
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface CampaignForm {
  name: string;
  listName: string;
  connectionNames: string[];
  messages: string[];
  confirmationMessages?: string[];
}

/** /campaigns → "Nova Campanha": the editor filled and saved, scheduled for now (`startMinuteInput`). */
export async function createCampaignInConsole(page: Page, stack: LocalStack, form: CampaignForm): Promise<void> {
  const startAt = await startMinuteInput(); // any wait for the next minute before the form opens
  await page.goto(`${stack.url}/campaigns`);
  await page.getByTestId('campaigns-add').first().click({ timeout: 60_000 });
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByTestId('campaign-name-input').fill(form.name);
  await dialog.getByTestId('campaign-connections').getByRole('combobox').click();
  for (const name of form.connectionNames) await page.getByRole('option', { name }).click();
  await dialog.getByTestId('campaign-name-input').click(); // closes the connections' list
  await dialog.getByTestId('campaign-target-select').selectOption({ label: form.listName });
  if (form.confirmationMessages) await dialog.getByTestId('campaign-confirmation').click();
  const fill = async (field: string, text: string) => {
    await dialog.getByTestId(`campaign-tab-${field}`).click();
    await dialog.getByTestId(`campaign-${field}`).fill(text);
  };
  for (const [i, text] of form.messages.entries()) await fill(`message${i + 1}`, text);
  for (const [i, text] of (form.confirmationMessages ?? []).entries()) await fill(`confirmationMessage${i + 1}`, text);
  await dialog.getByTestId('campaign-scheduled-at').fill(startAt);
  await expectFooterInside(dialog);
  await dialog.getByTestId('campaign-submit').click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByTestId('campaign-row').filter({ hasText: form.name }).waitFor({ timeout: 15_000 });
}

/**
 * The dialog's Save button is inside the dialog: its body scrolls and its footer stays (a form element
 * between the dialog and its parts once broke that, and the footer hung below the dialog's panel).
 */
async function expectFooterInside(dialog: Locator): Promise<void> {
  const [panel, save] = await Promise.all([dialog.boundingBox(), dialog.getByTestId('campaign-submit').boundingBox()]);
  if (!panel || !save || save.y + save.height > panel.y + panel.height + 1)
    throw new Error(`the campaign dialog's Save button lies outside the dialog: ${JSON.stringify({ panel, save })}`);
}

/** A campaign's row action on /campaigns ('stop' asks first: the destructive confirmation). */
export async function campaignRowAction(page: Page, stack: LocalStack, name: string, action: 'stop' | 'restart') {
  await page.goto(`${stack.url}/campaigns`);
  const row = page.getByTestId('campaign-row').filter({ hasText: name });
  await row.getByTestId(`campaign-${action}`).click({ timeout: 60_000 });
  if (action === 'stop') await page.getByRole('alertdialog').getByRole('button', { name: 'Parar campanha' }).click();
  await page
    .getByText(action === 'stop' ? 'Campanha cancelada' : 'Campanha reiniciada')
    .first()
    .waitFor({ timeout: 15_000 });
}
