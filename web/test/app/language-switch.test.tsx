import { act, screen } from '@testing-library/react';
import { SAAS_MSG } from '@atende/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuList } from '@/app/layout/side-menu';
import { buildMenu } from '@/app/layout/menu-items';
import { changeLanguage } from '@/components/language-menu';
import { LanguageTrigger } from '@/components/language-trigger';
import i18n, { translateMessage } from '@/lib/i18n';
import { registerSaasMessages } from '@/lib/saas-messages';
import { renderWithProviders } from '../support/render';

const sections = buildMenu({ isAdmin: true, isSuper: false, settings: {}, planUseIntegration: false, localMode: false });

describe('switching the language (issue 30 item 10)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('pt-BR'));
  });

  it('translates the side menu and the top bar at once, after a screen registered its messages', async () => {
    // A SaaS screen (sign-up, settings, invoices, announcements) was opened before the switch.
    registerSaasMessages();
    renderWithProviders(
      <>
        <MenuList sections={sections} collapsed={false} attention={false} />
        <LanguageTrigger compact />
      </>,
    );
    expect(screen.getByText('Atendimentos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Idioma' })).toBeTruthy();

    act(() => changeLanguage('en'));
    expect(await screen.findByText('Tickets')).toBeTruthy();
    expect(screen.getByText('Administration')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
    // The screen's messages are still there, in the new language.
    expect(translateMessage(SAAS_MSG.required)).toBe('Required');

    act(() => changeLanguage('es'));
    expect(await screen.findByText('Atenciones')).toBeTruthy();
    expect(translateMessage(SAAS_MSG.required)).toBe('Obligatorio');
  });
});
