import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signOn';

// Banner.tsx: two slides alternate every 5 s; hovering pauses and shows the arrows.
const activeSlide = (page: Page) => page.locator('[data-testid^="banner-slide-"][data-active="true"]');

test('the banner rotates, pauses while hovered and resumes afterwards', async ({ page }) => {
  await signIn(page, 'nj_coc');
  await page.mouse.move(5, 600); // not over the banner
  const banner = page.getByTestId('banner');
  const slide1 = page.getByTestId('banner-slide-1');
  const slide2 = page.getByTestId('banner-slide-2');
  await expect(slide1).toContainText('商会圈');
  await expect(slide2).toContainText('商会大屏');
  await expect(activeSlide(page)).toHaveCount(1);
  await expect(banner).toHaveAttribute('data-paused', 'false');
  await expect(page.getByTestId('banner-next')).toHaveCount(0);

  // Rotation: slide 1 first, slide 2 within about 6 s.
  await expect(slide1).toHaveAttribute('data-active', 'true');
  await expect(slide2).toHaveAttribute('data-active', 'true', { timeout: 6_500 });

  // Hovering pauses: arrows shown, and the active slide does not change for more than 6 s.
  // The pointer is moved onto the banner again on each try: the header can re-render under a still pointer.
  await expect(async () => {
    await page.mouse.move(5, 600);
    await banner.hover();
    await expect(banner).toHaveAttribute('data-paused', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('banner-prev')).toBeVisible();
  await expect(page.getByTestId('banner-next')).toBeVisible();
  const paused = await activeSlide(page).getAttribute('data-testid');
  await page.waitForTimeout(6_500);
  await expect(activeSlide(page)).toHaveAttribute('data-testid', paused!);
  await expect(banner).toHaveAttribute('data-paused', 'true');

  // The arrows toggle the slide.
  const other = paused === 'banner-slide-1' ? 'banner-slide-2' : 'banner-slide-1';
  await page.getByTestId('banner-next').click();
  await expect(activeSlide(page)).toHaveAttribute('data-testid', other);
  await page.getByTestId('banner-prev').click();
  await expect(activeSlide(page)).toHaveAttribute('data-testid', paused!);
  await page.getByTestId('banner-next').click();
  await expect(activeSlide(page)).toHaveAttribute('data-testid', other);

  // Moving away resumes the rotation and hides the arrows.
  await page.getByTestId('header-org').hover();
  await expect(banner).toHaveAttribute('data-paused', 'false');
  await expect(page.getByTestId('banner-next')).toHaveCount(0);
  await expect(activeSlide(page)).toHaveAttribute('data-testid', paused!, { timeout: 7_000 });
});
