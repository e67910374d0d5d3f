import sharp from 'sharp';
import { writeFileSync, readFileSync } from 'node:fs';
// `npm run icons`: the app icons in apps/web/public, drawn from the logo (issue 12). Committed, so
// the build needs nothing native; run again when the logo changes.
const out = 'apps/web/public';
const logo = readFileSync('apps/web/src/assets/logo.svg', 'utf8');
// Full-bleed variant for maskable icons: the brand colour reaches the edges, the books sit in the safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <rect width="32" height="32" fill="#5b3cc4"/>
  <g transform="translate(6.4 6.4) scale(0.6)">
  <rect x="7" y="8" width="5" height="16" rx="1.5" fill="#fff"/>
  <rect x="13.5" y="8" width="5" height="16" rx="1.5" fill="#ffd166"/>
  <rect x="20" y="9.5" width="5" height="15" rx="1.5" fill="#fff" transform="rotate(-12 22.5 17)"/>
  </g></svg>`;
const full = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <rect width="32" height="32" fill="#5b3cc4"/>
  <rect x="7" y="8" width="5" height="16" rx="1.5" fill="#fff"/>
  <rect x="13.5" y="8" width="5" height="16" rx="1.5" fill="#ffd166"/>
  <rect x="20" y="9.5" width="5" height="15" rx="1.5" fill="#fff" transform="rotate(-12 22.5 17)"/></svg>`;
const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
writeFileSync(`${out}/icon-192.png`, await png(logo, 192));
writeFileSync(`${out}/icon-512.png`, await png(logo, 512));
writeFileSync(`${out}/icon-maskable-512.png`, await png(maskable, 512));
writeFileSync(`${out}/apple-touch-icon.png`, await png(full, 180));
writeFileSync(`${out}/icon.svg`, logo);
// favicon.ico: one 32x32 PNG inside an ICO container (every browser reads PNG-in-ICO).
const p32 = await png(logo, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt8(0, 8);
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(p32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync(`${out}/favicon.ico`, Buffer.concat([header, p32]));
