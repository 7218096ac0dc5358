import sharp from 'sharp';
import type { Locator } from 'playwright-core';

/**
 * How many colours cover at least a tenth of the middle of an element as it is painted (its
 * outer fifth left out: strokes and anti-aliasing): 1 for a plain fill, 2 for a hatching.
 */
export async function paintedColours(locator: Locator): Promise<number> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  const page = locator.page();
  const clip = {
    x: box.x + box.width * 0.2,
    y: box.y + box.height * 0.2,
    width: box.width * 0.6,
    height: box.height * 0.6,
  };
  const { data, info } = await sharp(await page.screenshot({ clip }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  // Channels in steps of 16, so anti-aliased edges of one stripe count as that stripe.
  for (let i = 0; i < data.length; i += info.channels) {
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const pixels = data.length / info.channels;
  return [...counts.values()].filter((n) => n >= pixels / 10).length;
}
