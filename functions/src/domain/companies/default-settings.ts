import type { Setting } from '../../data/settings';

/**
 * Settings every new company starts with (spec part 2 §3 keys; part 1 §9: campaignsEnabled, useApi,
 * useFacebook and useInstagram off). Platform-only keys (payment gateway, e-mail API, Facebook app)
 * live on the platform company and are not copied to tenants.
 */
export const DEFAULT_COMPANY_SETTINGS: readonly Setting[] = [
  { key: 'userRating', value: 'disabled' },
  { key: 'scheduleType', value: 'disabled' },
  { key: 'call', value: 'disabled' },
  { key: 'CheckMsgIsGroup', value: 'enabled' },
  { key: 'chatBotType', value: 'text' },
  { key: 'webhook', value: '' },
  { key: 'addAlterConnection', value: 'disabled' },
  { key: 'userViewTicketsWithoutDepartment', value: 'disabled' },
  { key: 'newLeadsNotWriteName', value: 'disabled' },
  { key: 'userAlwaysSubmitSignature', value: 'disabled' },
  // Minutes after closing in which a customer's new message reopens the ticket (decisions.md, "Tickets").
  { key: 'ticketReopenWindowMinutes', value: '5' },
  // Minutes without messages after which a ticket closes with the inactivity message (spec part 1 §4: 2 hours; 0 = never).
  { key: 'autoCloseTicketsMinutes', value: '120' },
  { key: 'allowsUserToUseInternalChat', value: 'enabled' },
  { key: 'campaignsEnabled', value: 'false' },
  { key: 'useApi', value: 'false' },
  { key: 'useFacebook', value: 'false' },
  { key: 'useInstagram', value: 'false' },
  { key: 'limitOfCampaignBy', value: 'doNotLimit' },
  { key: 'numberOfCampaigns', value: '1' },
  { key: 'numberOfGroupsCampaigns', value: '1' },
  { key: 'numberOfContactsInGroupsCampaigns', value: '1' },
  { key: 'valueOfResourceCampaigns', value: '39.99' },
];
