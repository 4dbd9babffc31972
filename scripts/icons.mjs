// Writes the app's icons into public/ (node scripts/icons.mjs): the SVG, PNGs of 180, 192 and 512 px
// and favicon.ico (a 32 px PNG inside), all drawn here from one shape: a pulse line on a green square.
import fs from "node:fs";
import zlib from "node:zlib";

const BG = [4, 120, 87];
const FG = [255, 255, 255];
/** The pulse, in a 32-unit square. */
const PULSE = [
  [5, 17],
  [11, 17],
  [14, 9],
  [18, 24],
  [21, 17],
  [27, 17],
];
const STROKE = 2.6;
const RADIUS = 6;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${RADIUS}" fill="rgb(${BG})"/><polyline points="${PULSE.map((p) => p.join(",")).join(" ")}" fill="none" stroke="#fff" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;

function segmentDistance(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** RGBA pixels of the icon at `size` px, 4x4 supersampled; `full`: no rounded corners (maskable). */
function draw(size, full) {
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let inside = 0,
        line = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const u = ((x + (sx + 0.5) / n) / size) * 32,
            v = ((y + (sy + 0.5) / n) / size) * 32;
          const cx = Math.min(Math.max(u, RADIUS), 32 - RADIUS),
            cy = Math.min(Math.max(v, RADIUS), 32 - RADIUS);
          if (!full && Math.hypot(u - cx, v - cy) > RADIUS) continue;
          inside++;
          const d = Math.min(...PULSE.slice(1).map((p, i) => segmentDistance(u, v, PULSE[i], p)));
          if (d <= STROKE / 2) line++;
        }
      const o = (y * size + x) * 4;
      const a = inside / (n * n),
        f = inside ? line / inside : 0;
      for (let c = 0; c < 3; c++) px[o + c] = Math.round(BG[c] * (1 - f) + FG[c] * f);
      px[o + 3] = Math.round(a * 255);
    }
  return px;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
function png(size, full = false) {
  const px = draw(size, full);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const head = Buffer.alloc(13);
  head.writeUInt32BE(size, 0);
  head.writeUInt32BE(size, 4);
  head.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", head),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
function ico(image, size) {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.set([size, size, 0, 0], 6);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, image]);
}

const out = new URL("../public/", import.meta.url);
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(new URL("icon.svg", out), svg);
fs.writeFileSync(new URL("favicon.ico", out), ico(png(32), 32));
fs.writeFileSync(new URL("apple-touch-icon.png", out), png(180, true));
fs.writeFileSync(new URL("icon-192.png", out), png(192));
fs.writeFileSync(new URL("icon-512.png", out), png(512));
fs.writeFileSync(new URL("icon-maskable-512.png", out), png(512, true));
