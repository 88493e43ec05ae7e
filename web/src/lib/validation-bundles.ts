import { LANGUAGES, type Language } from '@atende/shared';
import i18n from './i18n';

type Bundle = Record<string, Record<string, string>>;

const registered = new Map<string, Record<Language, Bundle>>();
let listening = false;

/**
 * Adds groups of message keys (`validation.<group>.<rule>`, the shared schemas' `*_MSG`) to the
 * shell's namespace, so `translateMessage` and the toaster find them, from the features that use
 * those schemas (they travel in the feature's chunk, not in the sign-in page's first load).
 * `anchor` is one key of the bundle (`saas.required`): present means already added.
 */
export function registerValidationBundle(anchor: string, bundles: Record<Language, Bundle>): void {
  registered.set(anchor, bundles);
  addMissing();
  // A shell bundle fetched later (en/es, on demand) is merged shallowly and would drop them: add them back.
  if (!listening) {
    listening = true;
    i18n.on('loaded', addMissing);
  }
}

/**
 * Only into a language whose shell texts are in (pt-BR ships with the page; en/es once fetched): a
 * bundle created before them would count as the language's shell texts, and i18next would never
 * fetch those — the menu and top bar stayed in Portuguese after a switch to en/es (issue 30 item 10).
 * The others get theirs on the 'loaded' event that follows their fetch.
 */
function addMissing(): void {
  for (const [anchor, bundles] of registered) {
    for (const lng of LANGUAGES) {
      if (!i18n.hasResourceBundle(lng, 'translation')) continue;
      if (!i18n.exists(`validation.${anchor}`, { lng, fallbackLng: [] })) {
        i18n.addResourceBundle(lng, 'translation', { validation: bundles[lng] }, true, false);
      }
    }
  }
}
