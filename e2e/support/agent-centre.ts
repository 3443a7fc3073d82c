import type { Page } from '@playwright/test';

/**
 * Opens an agent centre page from its menu, as a person does, without a reload. On a phone the menu
 * is one folded bar (agent-centre.tsx) that is unfolded first; on a desktop the pages are always shown.
 * The menu is waited for first: right after a load the centre may still be asking who the member is,
 * and the bar's visibility says which layout it is only once the menu is there.
 */
export async function openAgentCentrePage(page: Page, key: string): Promise<void> {
  await page.locator('.agent-centre__menu').waitFor();
  const item = page.locator(`.agent-centre__menu [data-page="${key}"]`);
  const toggle = page.locator('.agent-centre__menu-toggle');
  if (!(await item.isVisible()) && (await toggle.isVisible())) await toggle.click();
  await item.click();
}
