import type { Page } from '@playwright/test';

/**
 * Opens an agent centre page from its menu, as a person does, without a reload. On a phone the menu
 * is one folded bar (agent-centre.tsx): it is unfolded first; on a desktop the pages are always shown.
 */
export async function openAgentCentrePage(page: Page, key: string): Promise<void> {
  const toggle = page.locator('.agent-centre__menu-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator(`.agent-centre__menu [data-page="${key}"]`).click();
}
