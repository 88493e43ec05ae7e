import type { Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { screenshot } from './browser';

/**
 * A journey's steps go on from the one before: after a failure, a picture of each open page
 * (`<journey>-FAILED[-<name>].png`) and the remaining steps skipped. Call inside the journey's `describe`.
 */
export function stopAfterFirstFailure(journey: string, pages: () => Record<string, Page | undefined>): void {
  let failed = false;
  beforeEach(({ skip }) => {
    if (failed) skip();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    failed = true;
    for (const [name, page] of Object.entries(pages())) {
      if (page) await screenshot(page, `${journey}-FAILED${name ? `-${name}` : ''}`).catch(() => undefined);
    }
  });
}
