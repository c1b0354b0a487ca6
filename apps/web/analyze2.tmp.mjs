import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
await build({
  logLevel: 'silent',
  build: { write: false, sourcemap: true },
  plugins: [{
    name: 'dump', async generateBundle(_o, bundle) {
      for (const [name, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk' || !c.isEntry) continue;
        const map = new SourceMapConsumer(c.map);
        const lines = c.code.split('\n');
        const groups = {};
        // attribute each generated segment
        const segs = [];
        map.eachMapping((m) => segs.push(m));
        segs.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
        const texts = {};
        for (let i = 0; i < segs.length; i++) {
          const s = segs[i], n = segs[i + 1];
          const line = lines[s.generatedLine - 1] || '';
          const end = n && n.generatedLine === s.generatedLine ? n.generatedColumn : line.length;
          const text = line.slice(s.generatedColumn, end);
          const src = (s.source || '?').replace(/.*node_modules\//, '').replace(/^(@[^/]+\/[^/]+|[^/]+)\/.*$/, '$1').replace(/.*apps\/web\/src\//, 'src/').replace(/.*packages\//, 'pkg:');
          const k = src.startsWith('src/') ? src.split('/').slice(0, 3).join('/') : src;
          texts[k] = (texts[k] || '') + text;
        }
        console.log(name, 'min', c.code.length, 'gzip', gzipSync(c.code, { level: 9 }).length);
        const rows = Object.entries(texts).map(([k, t]) => [k, t.length, gzipSync(t, { level: 9 }).length]).sort((a, b) => b[1] - a[1]);
        for (const [k, l, g] of rows.slice(0, 40)) console.log(String(l).padStart(8), String(g).padStart(7), k);
      }
    },
  }],
});
