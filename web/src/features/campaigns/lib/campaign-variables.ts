import { withoutDuplicateVariables, type CampaignSettings } from '@atende/shared';

export type CampaignVariable = CampaignSettings['variables'][number];

/** The placeholders every campaign knows (spec part 3 §9: examples nome, numero, email). */
export const BUILT_IN_CAMPAIGN_VARIABLES = ['nome', 'numero', 'email'] as const;

/** Sample values for the editor's live preview of message 1. */
export const PREVIEW_CONTACT = { name: 'Maria Silva', number: '5511999998888', email: 'maria@exemplo.com' };

/**
 * Spec part 3 §5 "Campaign variable": adding a key that already exists is ignored (a built-in one
 * included: {nome} always means the contact's name). Keys are compared as typed, trimmed.
 */
export function addCampaignVariable(variables: readonly CampaignVariable[], added: CampaignVariable): CampaignVariable[] {
  const key = added.key.trim();
  if ((BUILT_IN_CAMPAIGN_VARIABLES as readonly string[]).includes(key)) return [...variables];
  return withoutDuplicateVariables([...variables, { key, value: added.value }]); // the API's rule, the first kept
}

/** The chips the editor offers: the built-in placeholders, then the company's own, as `{key}`. */
export function campaignVariableTokens(variables: readonly CampaignVariable[] = []): string[] {
  const keys = [...BUILT_IN_CAMPAIGN_VARIABLES, ...variables.map((v) => v.key)];
  return [...new Set(keys)].map((key) => `{${key}}`);
}
