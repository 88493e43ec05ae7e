import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionDialog } from '@/features/connections/components/connection-dialog';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from './render';

/** Issue 8 item 17: a form dialog opens with its first field focused, not its close button. */
describe('connection dialog focus', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeApi({ 'GET /api/queue': { status: 200, body: [] } });
    sessionStore.signIn('token', sessionUser({ profile: 'admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('focuses the name field when it opens', async () => {
    renderWithProviders(<ConnectionDialog open connectionId={null} onClose={vi.fn()} />);
    const name = await screen.findByLabelText(/^Nome/, {}, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(name), { timeout: 10_000 });
  });
});
