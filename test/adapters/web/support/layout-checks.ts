// Layout checks run inside the page (pages floor staff accept): seats that keep what they
// hold to themselves, and a page that fills the viewport.
import type { Page } from 'playwright-core';

/** Every way an element of one seat strays: outside its own seat's box, over another seat, or clipped. */
export async function seatOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seats = [...document.querySelectorAll<HTMLElement>('section.seat[data-seat]')];
    const boxes = seats.map((s) => s.getBoundingClientRect());
    const EPS = 0.5;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${el.textContent ? ` "${el.textContent.slice(0, 30)}"` : ''}`;
    const intersects = (a: DOMRect, b: DOMRect) => a.left < b.right - EPS && b.left < a.right - EPS && a.top < b.bottom - EPS && b.top < a.bottom - EPS;
    const problems: string[] = [];
    seats.forEach((seat, i) => {
      const own = boxes[i]!;
      const label = `seat ${seat.dataset['seat']}`;
      if (seat.scrollWidth > seat.clientWidth + 1) problems.push(`${label}: content wider than the seat (${seat.scrollWidth} > ${seat.clientWidth})`);
      if (seat.scrollHeight > seat.clientHeight + 1) problems.push(`${label}: content taller than the seat (${seat.scrollHeight} > ${seat.clientHeight})`);
      for (const el of seat.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < own.left - EPS || r.right > own.right + EPS || r.top < own.top - EPS || r.bottom > own.bottom + EPS) {
          problems.push(`${label}: ${name(el)} leaves its seat (${r.left.toFixed(0)}–${r.right.toFixed(0)} × ${r.top.toFixed(0)}–${r.bottom.toFixed(0)} vs ${own.left.toFixed(0)}–${own.right.toFixed(0)} × ${own.top.toFixed(0)}–${own.bottom.toFixed(0)})`);
        }
        boxes.forEach((other, j) => {
          if (j !== i && intersects(r, other)) problems.push(`${label}: ${name(el)} overlaps seat ${seats[j]!.dataset['seat']}`);
        });
      }
      boxes.forEach((other, j) => {
        if (j > i && intersects(own, other)) problems.push(`${label} overlaps seat ${seats[j]!.dataset['seat']}`);
      });
    });
    return problems;
  });
}

/** The page's main element spans the viewport's width, and the page — main and what stands under it (the
 *  dealer's change form) — reaches its bottom (`height`: where the lowest of them ends; a host alarm may stand above). */
export async function fillsViewport(page: Page): Promise<{ width: number; height: number; viewportWidth: number; viewportHeight: number }> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!.getBoundingClientRect();
    const bottom = Math.max(...[...document.body.children].map((el) => el.getBoundingClientRect().bottom));
    return { width: main.width, height: bottom + window.scrollY, viewportWidth: document.documentElement.clientWidth, viewportHeight: window.innerHeight };
  });
}

/** WCAG contrast ratio of two sRGB colours given as [r, g, b] 0–255. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const luminance = (c: readonly number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** "rgb(1, 2, 3)" / "rgba(1, 2, 3, 0.5)" → [1, 2, 3, 0.5]. */
export function parseColour(css: string): number[] {
  const parts = /rgba?\(([^)]+)\)/.exec(css)?.[1]?.split(',').map((p) => Number(p.trim())) ?? [];
  return parts.length === 3 ? [...parts, 1] : parts;
}

/** `top` (with its alpha) laid over the opaque `bottom`. */
export function over(top: readonly number[], bottom: readonly number[]): number[] {
  const alpha = top[3] ?? 1;
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha));
}
