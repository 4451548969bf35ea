import { createRandom } from '../random.ts';
import { type MotifName, motifs } from './motifs.ts';
import { type Palette, palettes } from './palettes.ts';

const defs = (p: Palette, id: string) =>
  `<defs><linearGradient id="bg${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.backdrop[0]}"/><stop offset="1" stop-color="${p.backdrop[1]}"/></linearGradient>` +
  `<filter id="glow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="4" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
  // A radial gradient rather than a blur filter for the floor shadow: it looks the same and renders far faster.
  `<radialGradient id="shadow"><stop offset="0" stop-color="#3a2a2a" stop-opacity="0.22"/><stop offset="1" stop-color="#3a2a2a" stop-opacity="0"/></radialGradient></defs>`;

/** Scattered dots, petals or a confetti of tiny hearts: quiet texture so pictures of one category differ. */
function sprinkles(p: Palette, seed: number, width: number, height: number, count: number): string {
  const r = createRandom(seed);
  const kind = r.int(0, 2);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = r.int(10, width - 10);
    const y = r.int(10, height - 10);
    const s = r.int(4, 9);
    if (kind === 0) out += `<circle cx="${x}" cy="${y}" r="${s}" fill="${p.accent}" opacity="0.55"/>`;
    else if (kind === 1)
      out += `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${s * 2}" fill="${p.accent}" opacity="0.5" transform="rotate(${r.int(0, 180)} ${x} ${y})"/>`;
    else
      out += `<path d="M${x} ${y + s} l-${s} -${s} a${s / 2} ${s / 2} 0 0 1 ${s} -${s / 2} a${s / 2} ${s / 2} 0 0 1 ${s} ${s / 2} Z" fill="${p.accent}" opacity="0.55"/>`;
  }
  return out;
}

/** The object standing on a soft round "spotlight" with a floor shadow, as on a product photo. */
function stage(motif: MotifName, p: Palette, tilt: number, scale: number, spotlight = true): string {
  const t = `translate(200 200) scale(${scale}) rotate(${tilt}) translate(-200 -200)`;
  return (
    (spotlight ? `<circle cx="200" cy="195" r="150" fill="${p.light}" opacity="0.75"/>` : '') +
    `<ellipse cx="200" cy="335" rx="125" ry="20" fill="url(#shadow)"/>` +
    `<g transform="${t}">${motifs[motif](p)}</g>`
  );
}

/** A square picture (400 viewBox units) of one motif; `variant` picks palette, texture and pose. */
export function squareSvg(motif: MotifName, paletteIndex: number, variant: number, size: number): string {
  const p = palettes[paletteIndex % palettes.length] as Palette;
  const r = createRandom(paletteIndex * 7919 + variant * 104729 + 17);
  const tilt = r.int(-6, 6);
  const scale = 0.92 + r.next() * 0.12;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">${defs(p, 'sq')}` +
    `<rect width="400" height="400" fill="url(#bgsq)"/>${sprinkles(p, r.int(1, 1e9), 400, 400, 14)}${stage(motif, p, tilt, scale)}</svg>`
  );
}

/** A wide banner: gradient, large soft shapes on the left (where the storefront sets the title) and three objects on the right. */
export function bannerSvg(motifList: MotifName[], paletteIndex: number, width: number, height: number): string {
  const p = palettes[paletteIndex % palettes.length] as Palette;
  const vw = 1600;
  const vh = 600;
  const items = motifList
    .slice(0, 3)
    .map((m, i) => {
      const x = [930, 1190, 1430][i] as number;
      const y = [290, 270, 320][i] as number;
      const s = [1.1, 0.9, 0.8][i] as number;
      const q = palettes[(paletteIndex + i) % palettes.length] as Palette;
      return `<g transform="translate(${x} ${y}) scale(${s}) translate(-200 -200)">${stage(m, { ...q, light: p.light }, 0, 1, false)}</g>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${defs(p, 'bn')}` +
    `<rect width="${vw}" height="${vh}" fill="url(#bgbn)"/>` +
    `<circle cx="180" cy="520" r="260" fill="${p.accent}" opacity="0.35"/><circle cx="560" cy="60" r="160" fill="${p.accent}" opacity="0.25"/>` +
    `<path d="M0 470 Q400 400 800 470 T1600 450 L1600 600 L0 600 Z" fill="${p.light}" opacity="0.55"/>` +
    `<ellipse cx="1180" cy="300" rx="400" ry="230" fill="${p.light}" opacity="0.6"/>` +
    sprinkles(p, paletteIndex * 31 + 5, vw, vh, 40) +
    items +
    `</svg>`
  );
}

/** The shop's logo: a marigold-like flower mark and the name set in a serif face. */
export function logoSvg(name: string): string {
  const p = palettes[2] as Palette;
  const petals = [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) => `<ellipse cx="60" cy="34" rx="11" ry="22" fill="${i % 2 ? p.main : p.second}" transform="rotate(${i * 45} 60 60)"/>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="120" viewBox="0 0 640 120">` +
    `${petals}<circle cx="60" cy="60" r="14" fill="${p.light}" stroke="${p.ink}" stroke-width="3"/>` +
    `<text x="122" y="78" font-family="DejaVu Serif, Georgia, serif" font-size="48" font-weight="bold" fill="${p.ink}">${name}</text></svg>`
  );
}
