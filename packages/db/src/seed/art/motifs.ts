/**
 * Flat illustrations of the things the shop sells, one per kind, drawn on a 400x400 canvas
 * around its centre. Soft fills with a thin darker outline read as "product photo in a studio"
 * at card size without pretending to be a photograph.
 */
export interface Ink {
  /** Main fill of the object. */
  main: string;
  /** Second fill: trims, stones, details. */
  second: string;
  /** Light fill: highlights, paper, glass. */
  light: string;
  /** Outline and fine detail. */
  ink: string;
}

const line = (c: Ink, width = 4) => `stroke="${c.ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const heart = (x: number, y: number, s: number, fill: string, extra = '') =>
  `<path d="M${x} ${y + s * 0.9} C${x - s * 1.6} ${y - s * 0.1} ${x - s * 0.7} ${y - s * 1.1} ${x} ${y - s * 0.35} C${x + s * 0.7} ${y - s * 1.1} ${x + s * 1.6} ${y - s * 0.1} ${x} ${y + s * 0.9} Z" fill="${fill}" ${extra}/>`;
const shirt = (c: Ink, body: string, sleeve: number, length: number, extra = '') =>
  `<path d="M150 110 L120 118 L${120 - sleeve} ${150 + sleeve * 0.4} L${140 - sleeve * 0.2} ${175 + sleeve * 0.4} L140 160 L140 ${110 + length} L260 ${110 + length} L260 160 L${260 + sleeve * 0.2} ${175 + sleeve * 0.4} L${280 + sleeve} ${150 + sleeve * 0.4} L280 118 L250 110 Q200 140 150 110 Z" fill="${body}" ${line(c)}/>${extra}`;

export const motifs = {
  'gift-box': (c: Ink) =>
    `<rect x="120" y="175" width="160" height="120" rx="8" fill="${c.main}" ${line(c)}/>` +
    `<rect x="108" y="145" width="184" height="40" rx="8" fill="${c.main}" ${line(c)}/>` +
    `<rect x="188" y="145" width="24" height="150" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M200 145 C170 100 130 115 150 140 C160 150 185 148 200 145 C215 148 240 150 250 140 C270 115 230 100 200 145 Z" fill="${c.second}" ${line(c, 3)}/>`,
  lamp: (c: Ink) =>
    `<circle cx="200" cy="170" r="95" fill="${c.light}" opacity="0.55"/>` +
    `<circle cx="200" cy="170" r="72" fill="${c.main}" ${line(c)}/>` +
    `<circle cx="175" cy="150" r="12" fill="${c.light}" opacity="0.8"/><circle cx="220" cy="190" r="8" fill="${c.light}" opacity="0.7"/><circle cx="210" cy="140" r="5" fill="${c.light}" opacity="0.7"/>` +
    `<path d="M150 255 L250 255 L265 290 L135 290 Z" fill="${c.second}" ${line(c)}/>`,
  'name-plate': (c: Ink) =>
    `<path d="M200 90 L170 125 M200 90 L230 125" ${line(c, 3)} fill="none"/><circle cx="200" cy="88" r="6" fill="${c.ink}"/>` +
    `<rect x="95" y="125" width="210" height="130" rx="22" fill="${c.main}" ${line(c)}/>` +
    `<rect x="115" y="145" width="170" height="90" rx="14" fill="${c.light}" ${line(c, 2)}/>` +
    `<path d="M140 190 Q170 170 200 190 T260 190" fill="none" ${line(c, 5)}/>` +
    `<circle cx="130" cy="160" r="7" fill="${c.second}"/><circle cx="270" cy="220" r="7" fill="${c.second}"/>`,
  'e-card': (c: Ink) =>
    `<rect x="130" y="80" width="140" height="240" rx="22" fill="${c.ink}"/>` +
    `<rect x="140" y="100" width="120" height="195" rx="8" fill="${c.light}"/>` +
    heart(200, 175, 34, c.main, line(c, 3)) +
    `<rect x="160" y="245" width="80" height="10" rx="5" fill="${c.second}"/><rect x="172" y="265" width="56" height="8" rx="4" fill="${c.second}" opacity="0.6"/>`,
  cushion: (c: Ink) =>
    `<path d="M110 120 Q200 100 290 120 Q310 200 290 280 Q200 300 110 280 Q90 200 110 120 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M135 145 Q200 130 265 145 Q280 200 265 255 Q200 270 135 255 Q122 200 135 145 Z" fill="none" stroke="${c.light}" stroke-width="3" stroke-dasharray="8 7"/>` +
    heart(200, 200, 30, c.second),
  clock: (c: Ink) =>
    `<circle cx="200" cy="200" r="105" fill="${c.main}" ${line(c)}/><circle cx="200" cy="200" r="85" fill="${c.light}" ${line(c, 2)}/>` +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
      .map((i) => {
        const a = (i * Math.PI) / 6;
        const r1 = i % 3 === 0 ? 66 : 72;
        return `<line x1="${(200 + Math.sin(a) * r1).toFixed(1)}" y1="${(200 - Math.cos(a) * r1).toFixed(1)}" x2="${(200 + Math.sin(a) * 78).toFixed(1)}" y2="${(200 - Math.cos(a) * 78).toFixed(1)}" ${line(c, 3)}/>`;
      })
      .join('') +
    `<line x1="200" y1="200" x2="200" y2="145" ${line(c, 6)}/><line x1="200" y1="200" x2="240" y2="215" ${line(c, 4)}/><circle cx="200" cy="200" r="7" fill="${c.second}"/>`,
  teddy: (c: Ink) =>
    `<circle cx="150" cy="115" r="26" fill="${c.main}" ${line(c)}/><circle cx="250" cy="115" r="26" fill="${c.main}" ${line(c)}/>` +
    `<ellipse cx="200" cy="250" rx="78" ry="65" fill="${c.main}" ${line(c)}/>` +
    `<circle cx="200" cy="160" r="62" fill="${c.main}" ${line(c)}/>` +
    `<ellipse cx="200" cy="182" rx="26" ry="20" fill="${c.light}"/><circle cx="178" cy="150" r="6" fill="${c.ink}"/><circle cx="222" cy="150" r="6" fill="${c.ink}"/>` +
    `<ellipse cx="200" cy="175" rx="8" ry="6" fill="${c.ink}"/>` +
    heart(200, 255, 26, c.second, line(c, 3)),
  frame: (c: Ink) =>
    `<rect x="105" y="95" width="190" height="220" rx="6" fill="${c.main}" ${line(c)}/>` +
    `<rect x="128" y="118" width="144" height="174" fill="${c.light}" ${line(c, 2)}/>` +
    `<circle cx="235" cy="155" r="16" fill="${c.second}"/>` +
    `<path d="M128 292 L175 215 L210 260 L232 235 L272 292 Z" fill="${c.second}" opacity="0.8"/>`,
  'wall-hanging': (c: Ink) =>
    `<circle cx="200" cy="200" r="110" fill="${c.main}" ${line(c)}/>` +
    [0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => `<ellipse cx="200" cy="140" rx="16" ry="42" fill="${c.light}" ${line(c, 2)} transform="rotate(${i * 45} 200 200)"/>`)
      .join('') +
    `<circle cx="200" cy="200" r="28" fill="${c.second}" ${line(c, 3)}/>` +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
      .map((i) => `<circle cx="200" cy="100" r="5" fill="${c.second}" transform="rotate(${i * 30 + 15} 200 200)"/>`)
      .join(''),
  keychain: (c: Ink) =>
    `<circle cx="200" cy="105" r="30" fill="none" ${line(c, 6)}/>` +
    `<rect x="194" y="130" width="12" height="30" fill="${c.ink}"/>` +
    heart(200, 235, 70, c.main, line(c)) +
    `<circle cx="178" cy="210" r="10" fill="${c.light}" opacity="0.8"/>`,
  kids: (c: Ink) =>
    `<rect x="95" y="210" width="80" height="80" rx="10" fill="${c.main}" ${line(c)}/>` +
    `<rect x="185" y="210" width="80" height="80" rx="10" fill="${c.second}" ${line(c)}/>` +
    `<rect x="140" y="120" width="80" height="80" rx="10" fill="${c.light}" ${line(c)}/>` +
    `<path d="M120 270 L135 230 L150 270 M126 255 L144 255" fill="none" ${line(c, 5)}/>` +
    `<path d="M212 230 L212 270 Q240 270 240 250 Q240 230 212 230" fill="none" ${line(c, 5)}/>` +
    `<path d="M195 140 Q165 140 165 160 Q165 180 195 180" fill="none" ${line(c, 5)}/>` +
    `<path d="M280 120 l6 14 l15 2 l-11 10 l3 15 l-13 -7 l-13 7 l3 -15 l-11 -10 l15 -2 Z" fill="${c.second}" ${line(c, 2)}/>`,
  mug: (c: Ink) =>
    `<path d="M265 160 Q310 160 310 200 Q310 245 262 245" fill="none" ${line(c, 18)}/>` +
    `<path d="M265 160 Q310 160 310 200 Q310 245 262 245" fill="none" stroke="${c.main}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M120 120 L280 120 L270 295 Q200 310 130 295 Z" fill="${c.main}" ${line(c)}/>` +
    `<ellipse cx="200" cy="120" rx="80" ry="14" fill="${c.light}" ${line(c, 3)}/>` +
    heart(198, 205, 30, c.second) +
    `<path d="M175 95 Q185 80 175 65 M205 95 Q215 80 205 65" fill="none" stroke="${c.ink}" stroke-width="3" opacity="0.4" stroke-linecap="round"/>`,
  album: (c: Ink) =>
    `<rect x="115" y="95" width="175" height="215" rx="10" fill="${c.main}" ${line(c)}/>` +
    `<rect x="115" y="95" width="28" height="215" fill="${c.second}" ${line(c, 3)}/>` +
    `<rect x="170" y="135" width="90" height="80" fill="${c.light}" ${line(c, 2)} transform="rotate(-6 215 175)"/>` +
    `<rect x="180" y="235" width="70" height="10" rx="5" fill="${c.light}"/><rect x="190" y="255" width="50" height="8" rx="4" fill="${c.light}" opacity="0.7"/>`,
  saree: (c: Ink) =>
    `<path d="M150 90 Q200 80 250 90 L275 310 Q200 325 125 310 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M150 90 Q215 160 275 310 L245 315 Q200 170 140 110 Z" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M125 310 Q200 325 275 310 L273 292 Q200 306 127 292 Z" fill="${c.light}" ${line(c, 2)}/>` +
    [0, 1, 2, 3].map((i) => `<circle cx="${160 + i * 22}" cy="${215 + (i % 2) * 20}" r="5" fill="${c.light}"/>`).join(''),
  hanger: (c: Ink) =>
    `<path d="M200 80 Q200 62 215 66 Q228 72 215 86 L200 100" fill="none" ${line(c, 4)}/>` +
    `<path d="M200 100 L110 145 L290 145 Z" fill="none" ${line(c, 4)}/>` +
    shirt(
      c,
      c.main,
      28,
      175,
      `<path d="M200 125 L200 285" ${line(c, 3)}/>` + [0, 1, 2, 3].map((i) => `<circle cx="210" cy="${165 + i * 30}" r="4" fill="${c.second}"/>`).join(''),
    ),
  frock: (c: Ink) =>
    `<path d="M165 90 L160 150 L240 150 L235 90 Q200 110 165 90 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M160 150 L240 150 Q290 230 300 310 Q200 330 100 310 Q110 230 160 150 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M160 150 L240 150 L238 165 L162 165 Z" fill="${c.second}" ${line(c, 2)}/>` +
    [0, 1, 2, 3, 4].map((i) => `<circle cx="${140 + i * 30}" cy="${260 + (i % 2) * 18}" r="7" fill="${c.light}"/>`).join(''),
  'skirt-top': (c: Ink) =>
    `<path d="M160 80 L150 160 L250 160 L240 80 Q200 100 160 80 Z" fill="${c.second}" ${line(c)}/>` +
    `<path d="M160 180 L240 180 Q285 250 295 315 L105 315 Q115 250 160 180 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M160 180 L240 180 L240 195 L160 195 Z" fill="${c.light}" ${line(c, 2)}/>` +
    `<path d="M120 285 Q200 300 280 285" fill="none" stroke="${c.light}" stroke-width="4" stroke-dasharray="10 8"/>`,
  sleeve: (c: Ink) =>
    `<path d="M140 95 Q200 70 260 95 L235 310 L165 310 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M140 95 Q200 70 260 95 Q265 125 250 135 Q200 118 150 135 Q135 125 140 95 Z" fill="${c.second}" ${line(c, 3)}/>` +
    [0, 1, 2, 3, 4].map((i) => `<path d="M${175 + (i % 2) * 25} ${165 + i * 28} q12 -12 24 0 q-12 12 -24 0" fill="${c.light}" opacity="0.9"/>`).join('') +
    `<path d="M165 310 L235 310 L236 296 L164 296 Z" fill="${c.light}" ${line(c, 2)}/>`,
  hoodie: (c: Ink) =>
    shirt(
      c,
      c.main,
      40,
      190,
      `<path d="M160 112 Q200 60 240 112 Q200 150 160 112 Z" fill="${c.second}" ${line(c, 3)}/>` +
        `<rect x="160" y="230" width="80" height="45" rx="10" fill="${c.second}" ${line(c, 3)}/>` +
        `<path d="M188 135 L186 175 M212 135 L214 175" ${line(c, 3)}/>`,
    ),
  tshirt: (c: Ink) => shirt(c, c.main, 24, 190, heart(200, 195, 26, c.second) + `<path d="M170 118 Q200 135 230 118" fill="none" ${line(c, 3)}/>`),
  scrunchie: (c: Ink) =>
    `<circle cx="200" cy="200" r="82" fill="none" stroke="${c.ink}" stroke-width="56"/>` +
    `<circle cx="200" cy="200" r="82" fill="none" stroke="${c.main}" stroke-width="48"/>` +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      .map((i) => `<path d="M200 100 q-10 18 0 36" fill="none" stroke="${c.ink}" stroke-width="2.5" opacity="0.5" transform="rotate(${i * 36} 200 200)"/>`)
      .join('') +
    `<circle cx="200" cy="200" r="82" fill="none" stroke="${c.light}" stroke-width="8" stroke-dasharray="20 40" opacity="0.6"/>`,
  bow: (c: Ink) =>
    `<path d="M200 200 C150 140 90 140 95 200 C90 260 150 260 200 200 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M200 200 C250 140 310 140 305 200 C310 260 250 260 200 200 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M185 210 L150 310 L175 300 L190 318 Z M215 210 L250 310 L225 300 L210 318 Z" fill="${c.second}" ${line(c, 3)}/>` +
    `<rect x="180" y="178" width="40" height="44" rx="12" fill="${c.second}" ${line(c)}/>`,
  'hair-clip': (c: Ink) =>
    `<path d="M110 180 Q200 120 290 180 L290 205 Q200 150 110 205 Z" fill="${c.main}" ${line(c)}/>` +
    [0, 1, 2, 3, 4, 5].map((i) => `<path d="M${132 + i * 28} ${190 - Math.sin(((i + 0.5) / 6) * Math.PI) * 30} l0 70" ${line(c, 5)}/>`).join('') +
    [0, 1, 2].map((i) => `<circle cx="${160 + i * 40}" cy="${i === 1 ? 150 : 162}" r="10" fill="${c.light}" ${line(c, 2)}/>`).join(''),
  purse: (c: Ink) =>
    `<path d="M160 130 Q200 80 240 130" fill="none" ${line(c, 6)}/>` +
    `<path d="M120 150 Q200 125 280 150 Q300 240 270 295 Q200 315 130 295 Q100 240 120 150 Z" fill="${c.main}" ${line(c)}/>` +
    `<path d="M120 150 Q200 125 280 150 L282 175 Q200 150 118 175 Z" fill="${c.second}" ${line(c, 3)}/>` +
    [0, 1, 2, 3, 4].map((i) => `<circle cx="${150 + i * 25}" cy="${235 + (i % 2) * 15}" r="6" fill="${c.light}" ${line(c, 1.5)}/>`).join(''),
  wallet: (c: Ink) =>
    `<rect x="100" y="130" width="200" height="145" rx="14" fill="${c.main}" ${line(c)}/>` +
    `<path d="M100 160 L300 160" ${line(c, 3)}/>` +
    `<rect x="230" y="185" width="80" height="50" rx="12" fill="${c.second}" ${line(c)}/><circle cx="255" cy="210" r="8" fill="${c.light}"/>` +
    `<path d="M118 145 L280 145" stroke="${c.light}" stroke-width="3" stroke-dasharray="8 6"/>`,
  bag: (c: Ink) =>
    `<path d="M155 150 Q155 85 200 85 Q245 85 245 150" fill="none" ${line(c, 8)}/>` +
    `<path d="M115 150 L285 150 L270 310 L130 310 Z" fill="${c.main}" ${line(c)}/>` +
    `<circle cx="200" cy="228" r="36" fill="${c.light}" ${line(c, 2)}/>` +
    [0, 1, 2, 3, 4, 5].map((i) => `<ellipse cx="200" cy="206" rx="7" ry="14" fill="${c.second}" transform="rotate(${i * 60} 200 228)"/>`).join('') +
    `<circle cx="200" cy="228" r="7" fill="${c.ink}"/>`,
  ring: (c: Ink) =>
    `<ellipse cx="200" cy="230" rx="85" ry="80" fill="none" stroke="${c.ink}" stroke-width="26"/>` +
    `<ellipse cx="200" cy="230" rx="85" ry="80" fill="none" stroke="${c.main}" stroke-width="18"/>` +
    `<path d="M165 145 L200 95 L235 145 L200 170 Z" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M165 145 L235 145 M200 95 L200 170" stroke="${c.light}" stroke-width="2"/>` +
    `<path d="M130 200 Q135 180 150 170" fill="none" stroke="${c.light}" stroke-width="5" stroke-linecap="round"/>`,
  necklace: (c: Ink) =>
    `<path d="M100 90 Q110 220 200 250 Q290 220 300 90" fill="none" stroke="${c.ink}" stroke-width="6"/>` +
    `<path d="M100 90 Q110 220 200 250 Q290 220 300 90" fill="none" stroke="${c.main}" stroke-width="3" stroke-dasharray="2 6"/>` +
    [0, 1, 2, 3, 4, 5, 6]
      .map((i) => {
        const t = (i + 1) / 8;
        const x = (1 - t) * (1 - t) * 100 + 2 * (1 - t) * t * 200 + t * t * 300;
        const y = (1 - t) * (1 - t) * 90 + 2 * (1 - t) * t * 370 + t * t * 90;
        return `<circle cx="${x.toFixed(1)}" cy="${(y * 0.93).toFixed(1)}" r="8" fill="${c.light}" ${line(c, 2)}/>`;
      })
      .join('') +
    `<path d="M200 250 L175 285 L200 330 L225 285 Z" fill="${c.second}" ${line(c)}/>`,
  earrings: (c: Ink) =>
    [150, 250]
      .map(
        (x) =>
          `<circle cx="${x}" cy="105" r="12" fill="${c.second}" ${line(c, 3)}/><path d="M${x} 117 L${x} 145" ${line(c, 3)}/>` +
          `<path d="M${x - 45} 210 Q${x} 130 ${x + 45} 210 Z" fill="${c.main}" ${line(c)}/>` +
          [-30, -15, 0, 15, 30].map((d) => `<circle cx="${x + d}" cy="${225 + Math.abs(d) * -0.2}" r="6" fill="${c.light}" ${line(c, 1.5)}/>`).join('') +
          `<circle cx="${x}" cy="180" r="9" fill="${c.light}"/>`,
      )
      .join(''),
  'name-necklace': (c: Ink) =>
    `<path d="M95 90 Q120 190 150 205 M305 90 Q280 190 250 205" fill="none" stroke="${c.ink}" stroke-width="4"/>` +
    `<path d="M150 205 Q165 160 180 205 Q190 235 200 200 Q210 170 220 205 Q230 240 250 205" fill="none" stroke="${c.ink}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M150 205 Q165 160 180 205 Q190 235 200 200 Q210 170 220 205 Q230 240 250 205" fill="none" stroke="${c.main}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
    heart(200, 268, 18, c.second, line(c, 3)),
  locket: (c: Ink) =>
    `<path d="M110 80 Q140 170 200 180 Q260 170 290 80" fill="none" stroke="${c.ink}" stroke-width="4"/>` +
    `<circle cx="200" cy="188" r="10" fill="none" ${line(c, 4)}/>` +
    `<ellipse cx="200" cy="255" rx="58" ry="66" fill="${c.main}" ${line(c)}/>` +
    `<ellipse cx="200" cy="255" rx="42" ry="50" fill="${c.light}" ${line(c, 2)}/>` +
    heart(200, 255, 20, c.second),
  bracelet: (c: Ink) =>
    `<ellipse cx="200" cy="210" rx="110" ry="70" fill="none" stroke="${c.ink}" stroke-width="10"/>` +
    `<ellipse cx="200" cy="210" rx="110" ry="70" fill="none" stroke="${c.main}" stroke-width="5"/>` +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
      .map((i) => {
        const a = (i / 12) * Math.PI * 2;
        return `<circle cx="${(200 + Math.cos(a) * 110).toFixed(1)}" cy="${(210 + Math.sin(a) * 70).toFixed(1)}" r="${i % 3 === 0 ? 14 : 9}" fill="${i % 3 === 0 ? c.second : c.light}" ${line(c, 2)}/>`;
      })
      .join(''),
  brooch: (c: Ink) =>
    [0, 1, 2, 3, 4, 5]
      .map((i) => `<ellipse cx="200" cy="140" rx="32" ry="52" fill="${c.main}" ${line(c, 3)} transform="rotate(${i * 60} 200 200)"/>`)
      .join('') +
    `<circle cx="200" cy="200" r="34" fill="${c.second}" ${line(c)}/>` +
    [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="200" cy="178" r="6" fill="${c.light}" transform="rotate(${i * 60} 200 200)"/>`).join(''),
  neon: (c: Ink) =>
    `<rect x="90" y="95" width="220" height="210" rx="20" fill="${c.ink}" opacity="0.9"/>` +
    `<g filter="url(#glow)">` +
    heart(200, 195, 52, 'none', `stroke="${c.main}" stroke-width="9" stroke-linecap="round"`) +
    `<path d="M140 275 Q170 255 200 275 T260 275" fill="none" stroke="${c.light}" stroke-width="6" stroke-linecap="round"/></g>`,
  candle: (c: Ink) =>
    `<path d="M200 95 Q225 130 200 160 Q175 130 200 95 Z" fill="#f7b955" ${line(c, 2)}/>` +
    `<path d="M200 120 Q210 138 200 152 Q190 138 200 120 Z" fill="#fff3c4"/>` +
    `<line x1="200" y1="160" x2="200" y2="175" ${line(c, 3)}/>` +
    `<rect x="135" y="170" width="130" height="140" rx="16" fill="${c.light}" opacity="0.7" ${line(c)}/>` +
    `<rect x="143" y="200" width="114" height="100" rx="10" fill="${c.main}"/>` +
    `<rect x="160" y="225" width="80" height="45" rx="6" fill="${c.light}" ${line(c, 2)}/>` +
    `<path d="M175 248 L225 248" stroke="${c.second}" stroke-width="5" stroke-linecap="round"/>`,
  planter: (c: Ink) =>
    `<path d="M200 200 Q150 170 130 110 Q185 120 200 200 Z" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M200 200 Q250 160 275 105 Q215 120 200 200 Z" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M200 200 Q195 140 200 85 Q215 150 200 200 Z" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M125 200 L275 200 L255 310 L145 310 Z" fill="${c.main}" ${line(c)}/>` +
    `<rect x="115" y="190" width="170" height="28" rx="8" fill="${c.main}" ${line(c)}/>` +
    `<path d="M150 255 Q175 240 200 255 T250 255" fill="none" stroke="${c.light}" stroke-width="5" stroke-linecap="round"/>`,
  dreamcatcher: (c: Ink) =>
    `<circle cx="200" cy="160" r="80" fill="none" stroke="${c.ink}" stroke-width="12"/><circle cx="200" cy="160" r="80" fill="none" stroke="${c.main}" stroke-width="7"/>` +
    [0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => `<line x1="200" y1="160" x2="200" y2="82" stroke="${c.ink}" stroke-width="1.5" opacity="0.6" transform="rotate(${i * 45 + 22} 200 160)"/>`)
      .join('') +
    `<circle cx="200" cy="160" r="12" fill="${c.second}"/>` +
    [150, 200, 250]
      .map(
        (x, i) =>
          `<line x1="${x}" y1="${i === 1 ? 240 : 225}" x2="${x}" y2="${i === 1 ? 290 : 270}" ${line(c, 2)}/><path d="M${x} ${i === 1 ? 290 : 270} q-14 25 0 55 q14 -30 0 -55 Z" fill="${c.second}" ${line(c, 2)}/>`,
      )
      .join(''),
  'cake-topper': (c: Ink) =>
    `<path d="M150 215 L150 320 M250 215 L250 320" ${line(c, 6)}/>` +
    `<path d="M95 175 Q200 80 305 175 L305 215 L95 215 Z" fill="${c.main}" ${line(c)}/>` +
    heart(200, 170, 26, c.light, line(c, 3)) +
    `<circle cx="130" cy="190" r="6" fill="${c.second}"/><circle cx="270" cy="190" r="6" fill="${c.second}"/>`,
  hamper: (c: Ink) =>
    `<path d="M130 170 Q200 60 270 170" fill="none" ${line(c, 8)}/>` +
    `<circle cx="160" cy="165" r="22" fill="${c.second}" ${line(c, 3)}/><rect x="185" y="120" width="40" height="60" rx="6" fill="${c.light}" ${line(c, 3)}/><circle cx="245" cy="160" r="20" fill="${c.second}" ${line(c, 3)}/>` +
    `<path d="M105 170 L295 170 L270 305 L130 305 Z" fill="${c.main}" ${line(c)}/>` +
    [0, 1, 2, 3]
      .map((i) => `<path d="M${112 + i * 2} ${200 + i * 27} L${288 - i * 2} ${200 + i * 27}" stroke="${c.ink}" stroke-width="2" opacity="0.45"/>`)
      .join('') +
    `<path d="M105 170 L295 170 L293 190 L107 190 Z" fill="${c.second}" ${line(c, 3)}/>`,
} satisfies Record<string, (c: Ink) => string>;

export type MotifName = keyof typeof motifs;
